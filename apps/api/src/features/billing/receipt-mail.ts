import type { PaymentProviderName } from '../../db/schema.js';
import type { MailMessage } from '../../mail/mailer.js';
import type { BillingDetails } from './billing.repository.js';
import { euro } from './money.js';
import { countryName } from './vat.js';

export interface Receipt {
  to: string;
  firstName: string;
  /** The purchase's ledger row id: the Transaction-ID on the Transactions page. */
  purchaseId: number;
  credits: number;
  netCents: number;
  taxCents: number;
  totalCents: number;
  vatNote: string;
  paidAt: string;
  provider: PaymentProviderName;
  billing: BillingDetails | null;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function billedTo(billing: BillingDetails | null): string[] {
  if (!billing) return [];
  const lines = [
    billing.name,
    billing.address,
    billing.address_2,
    [billing.zip, billing.city].filter(Boolean).join(' '),
    billing.state,
    billing.country ? countryName(billing.country) : '',
  ].filter(Boolean);
  if (billing.tax_id) lines.push(`VAT / tax ID: ${billing.tax_id}`);
  return lines;
}

/** The receipt after a paid purchase: credits, net price, VAT handling, date and purchase id. */
export function receiptMail(receipt: Receipt): MailMessage {
  const sandbox = receipt.provider === 'sandbox';
  const rows: [string, string][] = [
    ['Purchase ID', String(receipt.purchaseId)],
    ['Date', `${receipt.paidAt.slice(0, 16).replace('T', ' ')} UTC`],
    ['Credits', String(receipt.credits)],
    ['Net price', `${euro(receipt.netCents)} (excluding VAT)`],
    ['VAT', `${euro(receipt.taxCents)} — ${receipt.vatNote}`],
    ['Total paid', euro(receipt.totalCents)],
  ];
  const billing = billedTo(receipt.billing);
  const notice = sandbox
    ? 'Sandbox — no real payment: this purchase was made on the test checkout and no money moved.'
    : 'Fees are non-refundable except for processing errors by the payment provider.';
  const subject = `${sandbox ? '[Sandbox] ' : ''}Your Hullscope receipt: ${receipt.credits} credits (purchase ${receipt.purchaseId})`;
  const text = [
    `Hello ${receipt.firstName},`,
    '',
    `thank you for your purchase. ${receipt.credits} credits have been added to your account.`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(billing.length > 0 ? ['', 'Billed to:', ...billing.map((line) => `  ${line}`)] : []),
    '',
    notice,
    '',
    'The Hullscope team',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1a2a3a">
<p>Hello ${escapeHtml(receipt.firstName)},</p>
<p>thank you for your purchase. ${receipt.credits} credits have been added to your account.</p>
<table cellpadding="4">${rows
    .map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>
${billing.length > 0 ? `<p><strong>Billed to:</strong><br>${billing.map(escapeHtml).join('<br>')}</p>` : ''}
<p style="font-size:13px">${escapeHtml(notice)}</p>
<p>The Hullscope team</p>
</body></html>`;
  return { to: receipt.to, subject, text, html };
}
