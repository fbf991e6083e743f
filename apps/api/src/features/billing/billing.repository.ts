import type { Kysely } from 'kysely';
import type {
  CompanyRow,
  DB,
  LedgerRow,
  PaymentProviderName,
  PaymentRow,
  PaymentStatus,
} from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/** Billing details as the company record holds them; a checkout may fill in any of them. */
export interface BillingDetails {
  name: string;
  address: string;
  address_2: string;
  city: string;
  zip: string;
  state: string;
  country: string;
  tax_id: string;
}

export const BILLING_FIELDS = [
  'name',
  'address',
  'address_2',
  'city',
  'zip',
  'state',
  'country',
  'tax_id',
] as const satisfies readonly (keyof BillingDetails)[];

export interface PaymentWithOwner extends PaymentRow {
  /** The wallet the credits go to; null once the organisation is deleted. */
  organisation_id: number | null;
  /** The member who bought, who gets the receipt; null once their account is deleted. */
  user_id: number | null;
}

export interface PurchaseEntry {
  organisationId: number;
  /** The buyer. */
  userId: number;
  credits: number;
  reason: string;
}

export function billingRepository(db: Kysely<DB>) {
  return {
    /** A purchase's ledger row, PENDING: it does not count until the payment settles it. */
    insertPendingPurchase(entry: PurchaseEntry): Promise<LedgerRow> {
      return db
        .insertInto('credit_ledger')
        .values({
          organisation_id: entry.organisationId,
          user_id: entry.userId,
          kind: 'purchase',
          amount: entry.credits,
          status: 'PENDING',
          reason: entry.reason,
          prediction_request_id: null,
          created_at: nowIso(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * PENDING → PAID, guarded: of concurrent callers exactly one sees the row still PENDING and gets
     * its owner and amount; the others get undefined.
     */
    markPurchasePaid(
      ledgerId: number,
    ): Promise<{ organisation_id: number | null; amount: number } | undefined> {
      return db
        .updateTable('credit_ledger')
        .set({ status: 'PAID' })
        .where('id', '=', ledgerId)
        .where('kind', '=', 'purchase')
        .where('status', '=', 'PENDING')
        .returning(['organisation_id', 'amount'])
        .executeTakeFirst();
    },

    /** PENDING → FAILED or EXPIRED; false when the purchase was no longer PENDING. */
    async closePendingPurchase(ledgerId: number, status: 'FAILED' | 'EXPIRED'): Promise<boolean> {
      const result = await db
        .updateTable('credit_ledger')
        .set({ status })
        .where('id', '=', ledgerId)
        .where('kind', '=', 'purchase')
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async insertPayment(values: {
      ledgerId: number;
      provider: PaymentProviderName;
      credits: number;
      netCents: number;
    }): Promise<PaymentRow> {
      const now = nowIso();
      return db
        .insertInto('payments')
        .values({
          ledger_id: values.ledgerId,
          provider: values.provider,
          session_id: null,
          status: 'PENDING',
          credits: values.credits,
          net_cents: values.netCents,
          tax_cents: null,
          total_cents: null,
          currency: 'eur',
          vat_note: null,
          billing_details: null,
          created_at: now,
          updated_at: now,
          settled_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async attachSession(paymentId: number, sessionId: string): Promise<void> {
      await db
        .updateTable('payments')
        .set({ session_id: sessionId, updated_at: nowIso() })
        .where('id', '=', paymentId)
        .execute();
    },

    findBySession(sessionId: string): Promise<PaymentWithOwner | undefined> {
      return db
        .selectFrom('payments')
        .innerJoin('credit_ledger', 'credit_ledger.id', 'payments.ledger_id')
        .selectAll('payments')
        .select(['credit_ledger.organisation_id', 'credit_ledger.user_id'])
        .where('payments.session_id', '=', sessionId)
        .executeTakeFirst();
    },

    /** False when the event was recorded before: by an earlier delivery, or a concurrent one that won. */
    async recordEvent(eventId: string, paymentId: number, type: string): Promise<boolean> {
      const inserted = await db
        .insertInto('payment_events')
        .values({ event_id: eventId, payment_id: paymentId, type, received_at: nowIso() })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async finish(
      paymentId: number,
      status: Exclude<PaymentStatus, 'PENDING'>,
      charged?: { taxCents: number; totalCents: number; vatNote: string; billing: BillingDetails | null },
    ): Promise<PaymentRow> {
      const now = nowIso();
      return db
        .updateTable('payments')
        .set({
          status,
          updated_at: now,
          settled_at: now,
          ...(charged
            ? {
                tax_cents: charged.taxCents,
                total_cents: charged.totalCents,
                vat_note: charged.vatNote,
                billing_details: charged.billing ? JSON.stringify(charged.billing) : null,
              }
            : {}),
        })
        .where('id', '=', paymentId)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    companyOf(organisationId: number): Promise<CompanyRow | undefined> {
      return db.selectFrom('companies').selectAll().where('owner', '=', organisationId).executeTakeFirst();
    },

    /** Copies what the buyer entered at checkout onto the company record; blank fields keep theirs. */
    async saveCheckoutBilling(organisationId: number, entered: Partial<BillingDetails>): Promise<void> {
      const changes = Object.fromEntries(
        BILLING_FIELDS.flatMap((field) => {
          const value = entered[field]?.trim();
          return value ? [[field, value]] : [];
        }),
      );
      if (Object.keys(changes).length === 0) return;
      await db
        .updateTable('companies')
        .set({ ...changes, updated_at: nowIso() })
        .where('owner', '=', organisationId)
        .execute();
    },

    /** The user's purchase with this ledger id and its payment; undefined for anyone else's or any other row. */
    purchaseOf(organisationId: number, ledgerId: number): Promise<PaymentWithOwner | undefined> {
      return db
        .selectFrom('payments')
        .innerJoin('credit_ledger', 'credit_ledger.id', 'payments.ledger_id')
        .selectAll('payments')
        .select(['credit_ledger.organisation_id', 'credit_ledger.user_id'])
        .where('credit_ledger.id', '=', ledgerId)
        .where('credit_ledger.organisation_id', '=', organisationId)
        .where('credit_ledger.kind', '=', 'purchase')
        .executeTakeFirst();
    },

    contactOf(userId: number): Promise<{ email: string; first_name: string } | undefined> {
      return db
        .selectFrom('users')
        .select(['email', 'first_name'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },
  };
}
