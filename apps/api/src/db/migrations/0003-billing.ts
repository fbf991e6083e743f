import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import { withIdColumn } from './columns.js';

/** Operator-set credit prices, payment records of credit purchases and the provider events processed. */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('credit_prices')
    .addColumn('amount', 'integer', (c) => c.primaryKey())
    .addColumn('price_cents', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('credit_prices_positive', sql`amount > 0 and price_cents > 0`)
    .execute();

  await withIdColumn(db.schema.createTable('payments'), dialect)
    // Purchase ledger rows are never deleted (they outlive the account), so neither is their payment.
    .addColumn('ledger_id', 'integer', (c) =>
      c.notNull().unique().references('credit_ledger.id').onDelete('cascade'),
    )
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text', (c) => c.unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('net_cents', 'integer', (c) => c.notNull())
    .addColumn('tax_cents', 'integer')
    .addColumn('total_cents', 'integer')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('vat_note', 'text')
    .addColumn('billing_details', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .execute();

  await withIdColumn(db.schema.createTable('payment_events'), dialect)
    // Unique: the second delivery of an event, even a concurrent one, cannot be recorded twice.
    .addColumn('event_id', 'text', (c) => c.notNull().unique())
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('payments.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();
}
