import { dictionary } from '@zxcvbn-ts/language-common';
import { distance } from 'fastest-levenshtein';

export const MIN_PASSWORD_LENGTH = 8;
const commonPasswords = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));
const MAX_SIMILARITY = 0.7;

export interface PasswordOwner {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
}

function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 0 : 1 - distance(a, b) / longest;
}

const attributeNames: Record<keyof PasswordOwner, string> = {
  username: 'username',
  email: 'email address',
  first_name: 'first name',
  last_name: 'last name',
};

/** The attribute the password resembles too closely, compared whole and part by part (Django's rule). */
function similarAttribute(password: string, owner: PasswordOwner): keyof PasswordOwner | null {
  const lowered = password.toLowerCase();
  for (const key of Object.keys(attributeNames) as (keyof PasswordOwner)[]) {
    const value = owner[key].toLowerCase();
    if (!value) continue;
    const parts = [value, ...value.split(/\W+/)].filter((part) => part.length >= 3);
    if (parts.some((part) => lowered.includes(part) || similarity(lowered, part) >= MAX_SIMILARITY)) {
      return key;
    }
  }
  return null;
}

/** Every problem with a new password, in the spirit of Django's validators; empty when it is fine. */
export function passwordProblems(password: string, owner: PasswordOwner): string[] {
  const problems: string[] = [];
  const similar = similarAttribute(password, owner);
  if (similar) problems.push(`The password is too similar to the ${attributeNames[similar]}.`);
  if (password.length < MIN_PASSWORD_LENGTH) {
    problems.push(`This password is too short. It must contain at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (commonPasswords.has(password.toLowerCase())) problems.push('This password is too common.');
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  return problems;
}
