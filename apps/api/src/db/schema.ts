import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types shared by SQLite and PostgreSQL. Times are ISO 8601 UTC strings on both, so the same
 * queries compare and sort them the same way; flags are nullable timestamps rather than booleans.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  email_confirmed_at: string | null;
  /** Bumped to revoke every refresh token issued before (password change, reset, deletion). */
  session_version: Generated<number>;
  /** Cached balance; always the sum of the user's settled ledger rows, never below zero. */
  credits: Generated<number>;
  created_at: string;
  updated_at: string;
}

export type OneTimeTokenPurpose = 'confirm_email' | 'reset_password';

export interface OneTimeTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: OneTimeTokenPurpose;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  throttle_key: string;
  created_at: string;
}

export interface CompaniesTable {
  // Text fields default to empty: the record exists from sign-up and is filled in later.
  id: Generated<number>;
  owner: number;
  name: Generated<string>;
  address: Generated<string>;
  address_2: Generated<string>;
  city: Generated<string>;
  zip: Generated<string>;
  state: Generated<string>;
  country: Generated<string>;
  tax_id: Generated<string>;
  created_at: string;
  updated_at: string;
}

export type LedgerKind = 'signup_bonus' | 'purchase' | 'prediction' | 'refund' | 'admin_grant';
export type LedgerStatus = 'SETTLED' | 'PENDING' | 'PAID' | 'FAILED' | 'EXPIRED';

export interface CreditLedgerTable {
  id: Generated<number>;
  /** Null once the account is deleted: purchases stay as anonymised billing records. */
  user_id: number | null;
  kind: LedgerKind;
  amount: number;
  status: LedgerStatus;
  reason: string | null;
  prediction_request_id: number | null;
  created_at: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  owner: number;
  name: string;
  location: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface DB {
  users: UsersTable;
  one_time_tokens: OneTimeTokensTable;
  login_failures: LoginFailuresTable;
  companies: CompaniesTable;
  credit_ledger: CreditLedgerTable;
  projects: ProjectsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type ProjectRow = Selectable<ProjectsTable>;
export type LedgerRow = Selectable<CreditLedgerTable>;
