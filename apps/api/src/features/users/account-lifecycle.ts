import type { RegisterRequest } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema.js';
import { FieldErrorCollector } from '../../http/api-error.js';
import { COMPANY_EMAIL_REQUIRED, isFreeMailAddress } from '../auth/company-email.js';
import { type PasswordOwner, passwordProblems } from '../auth/password-rules.js';
import { creditAccount } from '../credits/ledger.js';
import { createOrganisation, personalOrganisationName } from '../organisations/create-organisation.js';
import { membershipsRepository } from '../organisations/memberships.repository.js';
import { usersRepository } from './users.repository.js';

export type NewAccount = Omit<RegisterRequest, 'password2'>;

/** Field errors for a new password that breaks the password rules. */
export function checkNewPassword(errors: FieldErrorCollector, password: string, owner: PasswordOwner): void {
  for (const problem of passwordProblems(password, owner)) errors.add('password', problem);
}

export const EMAIL_TAKEN = 'A user with that email already exists.';

/**
 * Why `email` cannot become the address of user `exceptUserId` (none for a new account): taken by
 * another account (case-insensitive), or not a company address. Empty when it can.
 */
export async function emailProblems(db: Kysely<DB>, email: string, exceptUserId = 0): Promise<string[]> {
  const problems: string[] = [];
  const holder = await usersRepository(db).findByEmail(email);
  if (holder && holder.id !== exceptUserId) problems.push(EMAIL_TAKEN);
  if (isFreeMailAddress(email)) problems.push(COMPANY_EMAIL_REQUIRED);
  return problems;
}

/** Username and e-mail free for this user (case-insensitive), and the e-mail a company address. */
export async function checkIdentifiers(
  db: Kysely<DB>,
  errors: FieldErrorCollector,
  identifiers: { username: string; email: string },
  exceptUserId = 0,
): Promise<void> {
  const taken = await usersRepository(db).takenIdentifiers(
    identifiers.username,
    identifiers.email,
    exceptUserId,
  );
  if (taken.username) errors.add('username', 'A user with that username already exists.');
  if (taken.email) errors.add('email', EMAIL_TAKEN);
  if (isFreeMailAddress(identifiers.email)) errors.add('email', COMPANY_EMAIL_REQUIRED);
}

/** The rules beyond the request's shape: unique names, a company e-mail, a strong password. */
export async function accountProblems(db: Kysely<DB>, account: NewAccount): Promise<FieldErrorCollector> {
  const errors = new FieldErrorCollector();
  await checkIdentifiers(db, errors, account);
  checkNewPassword(errors, account.password, account);
  return errors;
}

/**
 * Inserts the user, not yet confirmed, with their own organisation of one (and its empty company
 * record): what an account was before organisations, so a one-member organisation behaves as it did.
 */
export async function insertAccount(
  trx: Kysely<DB>,
  account: NewAccount,
  passwordHash: string,
): Promise<UserRow> {
  const user = await usersRepository(trx).insert({
    username: account.username,
    email: account.email,
    first_name: account.first_name,
    last_name: account.last_name,
    password_hash: passwordHash,
  });
  await createOrganisation(trx, personalOrganisationName(user), user.id);
  return user;
}

/** Marks the e-mail confirmed and grants the sign-up bonus to their own organisation, once: a second call changes nothing. */
export async function confirmAccount(trx: Kysely<DB>, userId: number, bonusCredits: number): Promise<void> {
  const confirmedNow = await usersRepository(trx).markEmailConfirmed(userId);
  const personal = await membershipsRepository(trx).find(userId, null);
  if (confirmedNow && bonusCredits > 0 && personal) {
    await creditAccount(trx, {
      organisationId: personal.id,
      actorId: userId,
      amount: bonusCredits,
      kind: 'signup_bonus',
      reason: 'Free credits for a new account',
    });
  }
}
