import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database.js';

/** An auto-incrementing integer primary key, spelled as each dialect wants it. */
export function withIdColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (column) => column.primaryKey())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}
