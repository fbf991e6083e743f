import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { conflict, notFound } from '../../http/api-error.js';
import type { BillingDetails } from './billing.repository.js';
import { billingRepository } from './billing.repository.js';
import { type Invoice, renderInvoicePdf } from './invoice-pdf.js';

/** The invoice of one of the organisation's paid purchases, from what the payment recorded when it settled. */
export async function purchaseInvoice(
  db: Kysely<DB>,
  seller: Invoice['seller'],
  organisationId: number,
  ledgerId: number,
): Promise<PDFKit.PDFDocument> {
  const payment = await billingRepository(db).purchaseOf(organisationId, ledgerId);
  if (!payment) throw notFound();
  if (payment.status !== 'PAID') throw conflict('Only a paid purchase has an invoice.');
  return renderInvoicePdf({
    purchaseId: payment.ledger_id,
    paidAt: payment.settled_at ?? payment.updated_at,
    credits: payment.credits,
    netCents: payment.net_cents,
    taxCents: payment.tax_cents ?? 0,
    totalCents: payment.total_cents ?? payment.net_cents,
    vatNote: payment.vat_note ?? '',
    provider: payment.provider,
    buyer: payment.billing_details ? (JSON.parse(payment.billing_details) as BillingDetails) : null,
    seller,
  });
}
