import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

interface ForeignKeyMove {
  table: string;
  column: string;
  from: string;
  to: string;
  onDelete: 'cascade' | 'set null';
}

/**
 * SQLite cannot alter a column's foreign key, so the table is rebuilt from its own CREATE statement
 * with the reference changed (the procedure of https://www.sqlite.org/lang_altertable.html §7).
 * migrateToLatest runs SQLite's migrations with foreign keys off and checks them all before commit,
 * so dropping the old table cascades nothing.
 */
async function rebuildSqliteTable(db: Kysely<unknown>, move: ForeignKeyMove): Promise<void> {
  const { rows } = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_master where tbl_name = ${move.table} and sql is not null`.execute(db);
  const create = rows.find((row) => row.type === 'table')?.sql;
  if (!create) throw new Error(`No table ${move.table} to rebuild`);
  const reference = new RegExp(`("${move.column}" [^,]*?references )"${move.from}" \\("id"\\)`);
  if (!reference.test(create))
    throw new Error(`${move.table}.${move.column} does not reference ${move.from}`);
  const rebuilt = create
    .replace(reference, `$1"${move.to}" ("id")`)
    .replace(`CREATE TABLE "${move.table}"`, `CREATE TABLE "${move.table}__rebuilt"`)
    .replace(`create table "${move.table}"`, `create table "${move.table}__rebuilt"`);
  // AUTOINCREMENT's high-water mark goes with the table, so no id of a deleted row comes back.
  const { rows: sequence } = await sql<{ seq: number }>`
    select seq from sqlite_sequence where name = ${move.table}`.execute(db);
  await sql.raw(rebuilt).execute(db);
  await sql.raw(`insert into "${move.table}__rebuilt" select * from "${move.table}"`).execute(db);
  await sql.raw(`drop table "${move.table}"`).execute(db);
  await sql.raw(`alter table "${move.table}__rebuilt" rename to "${move.table}"`).execute(db);
  if (sequence[0]) {
    await sql`update sqlite_sequence set seq = ${sequence[0].seq} where name = ${move.table}`.execute(db);
  }
  for (const index of rows.filter((row) => row.type === 'index')) await sql.raw(index.sql).execute(db);
}

/** Points `table.column` at another table's id, keeping every row and index. */
export async function moveForeignKey(
  db: Kysely<unknown>,
  dialect: Dialect,
  move: ForeignKeyMove,
): Promise<void> {
  if (dialect === 'sqlite') return rebuildSqliteTable(db, move);
  const constraint = `${move.table}_${move.column}_fkey`;
  await sql.raw(`alter table "${move.table}" drop constraint "${constraint}"`).execute(db);
  await sql
    .raw(
      `alter table "${move.table}" add constraint "${constraint}" foreign key ("${move.column}") ` +
        `references "${move.to}" ("id") on delete ${move.onDelete}`,
    )
    .execute(db);
}
