import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { PaymentProviderName } from '../../db/schema.js';
import type { BillingDetails } from './billing.repository.js';
import { euro } from './money.js';
import { billedTo } from './receipt-mail.js';

const require = createRequire(import.meta.url);
// The report's font: embedded, so names in Latin, Greek or Cyrillic script print as typed.
const REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export interface Invoice {
  /** The purchase's ledger row id: the Transaction-ID, and the invoice's number. */
  purchaseId: number;
  paidAt: string;
  credits: number;
  netCents: number;
  taxCents: number;
  totalCents: number;
  vatNote: string;
  provider: PaymentProviderName;
  buyer: BillingDetails | null;
  seller: { name: string; address: string; vatId: string | null };
}

/** The invoice's number as printed and in its file name: HS-000041. */
export const invoiceNumber = (purchaseId: number) => `HS-${String(purchaseId).padStart(6, '0')}`;

/**
 * One paid purchase as an invoice (issue 45 §10: accounting needs a document, not only the e-mail):
 * seller, buyer as billed, number, date, the credits with net, VAT and total. Answered as a stream.
 */
export function renderInvoicePdf(invoice: Invoice): PDFKit.PDFDocument {
  const number = invoiceNumber(invoice.purchaseId);
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Invoice ${number}` } });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('bold').fontSize(10).text(invoice.seller.name);
  doc.font('regular').text(invoice.seller.address);
  if (invoice.seller.vatId) doc.text(`VAT ID ${invoice.seller.vatId}`);
  doc.moveDown(2);

  const buyer = billedTo(invoice.buyer);
  if (buyer.length > 0) {
    doc.font('bold').text('Billed to');
    doc.font('regular');
    for (const line of buyer) doc.text(line);
    doc.moveDown(2);
  }

  doc
    .font('bold')
    .fontSize(18)
    .text(invoice.provider === 'sandbox' ? 'Invoice (sandbox, not valid)' : 'Invoice');
  doc.font('regular').fontSize(10).moveDown(0.5);
  doc.text(`Invoice number: ${number}`);
  doc.text(`Date: ${invoice.paidAt.slice(0, 10)}`);
  doc.text(`Purchase ID: ${invoice.purchaseId}`);
  doc.moveDown(1.5);

  const amountX = left + width - 120;
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'bold' : 'regular');
    doc.text(label, left, y, { width: amountX - left - 12 });
    const after = doc.y;
    doc.text(amount, amountX, y, { width: 120, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  row(`${invoice.credits} Hullscope credits`, euro(invoice.netCents));
  row(`VAT — ${invoice.vatNote}`, euro(invoice.taxCents));
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.5)
    .stroke();
  doc.y += 6;
  row('Total paid', euro(invoice.totalCents), true);
  doc.moveDown(2);
  doc
    .font('regular')
    .fontSize(9)
    .text(
      invoice.provider === 'sandbox'
        ? 'Sandbox: this purchase was made on the test checkout and no money moved.'
        : 'Paid by card at checkout. Fees are non-refundable except for processing errors by the payment provider.',
      left,
      doc.y,
      { width },
    );
  doc.end();
  return doc;
}
