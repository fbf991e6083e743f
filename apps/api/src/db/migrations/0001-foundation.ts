import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { withIdColumn } from './columns.js';

/** Accounts, one-time tokens, login throttling, companies, the credits ledger and projects. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('users'), dialect)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('email_confirmed_at', 'text')
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('users_credits_not_negative', sql`credits >= 0`)
    .execute();
  await db.schema
    .createIndex('users_username_unique')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();
  await db.schema
    .createIndex('users_email_unique')
    .on('users')
    .unique()
    .expression(sql`lower(email)`)
    .execute();

  await withIdColumn(db.schema.createTable('one_time_tokens'), dialect)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('one_time_tokens_user')
    .on('one_time_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await withIdColumn(db.schema.createTable('login_failures'), dialect)
    .addColumn('throttle_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_key_time')
    .on('login_failures')
    .columns(['throttle_key', 'created_at'])
    .execute();

  await withIdColumn(db.schema.createTable('companies'), dialect)
    .addColumn('owner', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address_2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tax_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('projects'), dialect)
    .addColumn('owner', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_owner').on('projects').column('owner').execute();

  await withIdColumn(db.schema.createTable('credit_ledger'), dialect)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('prediction_request_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_ledger_user').on('credit_ledger').columns(['user_id', 'id']).execute();
}
