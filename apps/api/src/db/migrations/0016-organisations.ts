import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { nowIso } from '../time.js';
import { withIdColumn } from './columns.js';
import { moveForeignKey } from './foreign-key-target.js';

/** The tables whose `owner` meant a user and from now on means the organisation that owns the row. */
const OWNED_TABLES = [
  'companies',
  'projects',
  'vessels',
  'images',
  'prediction_requests',
  'predictions',
  'data_exports',
] as const;

/**
 * Issue 38: organisations own what users owned. Every existing user gets a personal organisation of
 * one with the same id, so each `owner` value and every stored file's path (`users/<owner>/…`) keeps
 * naming the same data; the balance moves from the user to it, and ledger rows name both.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('organisations'), dialect)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('organisations_credits_not_negative', sql`credits >= 0`)
    .execute();
  await withIdColumn(db.schema.createTable('memberships'), dialect)
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('memberships_organisation_user_unique', ['organisation_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user').on('memberships').column('user_id').execute();

  const now = nowIso();
  await sql`
    insert into organisations (id, name, credits, created_at, updated_at)
    select users.id,
           case when trim(coalesce(companies.name, '')) <> '' then trim(companies.name)
                else trim(users.first_name || ' ' || users.last_name) end,
           users.credits, users.created_at, ${now}
    from users left join companies on companies.owner = users.id`.execute(db);
  await sql`
    insert into memberships (organisation_id, user_id, role, created_at, updated_at)
    select id, id, 'owner', created_at, ${now} from users`.execute(db);
  if (dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('organisations', 'id'),
      greatest((select max(id) from organisations), 1))`.execute(db);
  }
  // Balances live on organisations now; the old column stays (SQLite cannot drop a checked column).
  await sql`update users set credits = 0`.execute(db);

  await db.schema
    .alterTable('users')
    .addColumn('last_organisation_id', 'integer', (c) =>
      c.references('organisations.id').onDelete('set null'),
    )
    .execute();
  // Ledger rows name the wallet and, in user_id, the member who acted.
  await db.schema
    .alterTable('credit_ledger')
    .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id').onDelete('set null'))
    .execute();
  await sql`update credit_ledger set organisation_id = user_id where user_id is not null`.execute(db);
  await db.schema
    .createIndex('credit_ledger_organisation')
    .on('credit_ledger')
    .columns(['organisation_id', 'id'])
    .execute();

  // An export is of the organisation's data; its link goes to the member who asked for it.
  await db.schema
    .alterTable('data_exports')
    .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`update data_exports set requested_by = owner`.execute(db);

  for (const table of OWNED_TABLES) {
    await moveForeignKey(db, dialect, {
      table,
      column: 'owner',
      from: 'users',
      to: 'organisations',
      onDelete: 'cascade',
    });
  }
  await createTeamTables(db, dialect);
}

/** Invitations, the audit log and share links: what a team needs beyond ownership. */
async function createTeamTables(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('invitations'), dialect)
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('invitations_organisation')
    .on('invitations')
    .columns(['organisation_id', 'id'])
    .execute();

  // Append-only: the code has no path that updates a row, and deletes only rows past retention.
  await withIdColumn(db.schema.createTable('audit_events'), dialect)
    .addColumn('organisation_id', 'integer', (c) => c.references('organisations.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('target_label', 'text')
    .addColumn('detail', 'text')
    .addColumn('client_address', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_events_organisation_time')
    .on('audit_events')
    .columns(['organisation_id', 'created_at'])
    .execute();
  await db.schema.createIndex('audit_events_time').on('audit_events').column('created_at').execute();

  await withIdColumn(db.schema.createTable('share_links'), dialect)
    .addColumn('organisation_id', 'integer', (c) =>
      c.notNull().references('organisations.id').onDelete('cascade'),
    )
    .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('label', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_viewed_at', 'text')
    .execute();
  await db.schema
    .createIndex('share_links_project')
    .on('share_links')
    .columns(['project_id', 'id'])
    .execute();
}
