import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { waitForMailLink } from './outbox';
import { repositoryRoot, type RunningServer } from './server';

export interface Account {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password: string;
}

/** The four real inspection images beside the checkout (../shared, Apache-2.0; see its README). */
export const realSamplesDir = path.join(repositoryRoot, '../shared/data/real-samples');

let sequence = 0;

/** A fresh account at a company domain (free-mail addresses are refused by the API). */
export function newAccount(firstName = 'Anna'): Account {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  return {
    username: `${firstName.toLowerCase()}-${tag}`,
    email: `${firstName.toLowerCase()}.${tag}@nordsee-reederei.de`,
    first_name: firstName,
    last_name: 'Kowalski',
    password: 'Barnacle-Survey-2031',
  };
}

async function call(server: RunningServer, method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(body instanceof FormData || body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const data: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
  return data;
}

/** Registers and confirms through the API and the outbox, as a user who already signed up would be. */
export async function createConfirmedAccount(server: RunningServer, account: Account = newAccount()) {
  await call(server, 'POST', '/api/user/register/', { ...account, password2: account.password });
  const link = new URL(await waitForMailLink(server.outboxDir, account.email, '/user/confirm-registration'));
  await call(server, 'POST', '/api/user/confirm-registration/', {
    uid: link.searchParams.get('uid'),
    token: link.searchParams.get('token'),
  });
  const tokens = (await call(server, 'POST', '/api/token/', {
    username: account.username,
    password: account.password,
  })) as { access: string };
  return {
    account,
    token: tokens.access,
    api: (method: string, url: string, body?: unknown) => call(server, method, url, body, tokens.access),
  };
}

export async function loginInBrowser(page: Page, account: Account): Promise<void> {
  await page.goto('/user/login');
  await page.getByLabel('username').fill(account.username);
  await page.getByLabel('password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Logged in successfully').waitFor();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/');
}

export async function readSample(name: string): Promise<Blob> {
  return new Blob([await readFile(path.join(realSamplesDir, name))], { type: 'image/jpeg' });
}
