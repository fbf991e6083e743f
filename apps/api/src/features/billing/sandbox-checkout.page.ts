import type { PaymentStatus } from '../../db/schema.js';
import { euro } from './money.js';
import type { VatAssessment } from './vat.js';

export interface SandboxPage {
  actionBase: string;
  token: string;
  credits: number;
  netCents: number;
  status: PaymentStatus;
  vat: VatAssessment;
  taxId: string;
  transactionsUrl: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// Inline styles only: the CSP allows them, and the page needs no script (none may run inline). The
// colours, font and card are the web app's (apps/web/src/app/theme.ts), so the page reads as part of
// it; the amber banner alone says that it is a sandbox.
const STYLE = `body{font-family:Roboto,"Helvetica Neue",Arial,sans-serif;margin:0;background:#f3f6fa;color:#10243a}
header{background:#0b5cad;color:#fff;padding:14px 24px;font-size:20px;font-weight:700;letter-spacing:-.2px}
.banner{background:#b45309;color:#fff;font-weight:700;text-align:center;padding:10px;letter-spacing:.02em}
main{max-width:520px;margin:32px auto;background:#fff;border:1px solid #d8e1eb;border-radius:8px;padding:24px 28px}
h1{font-size:24px;font-weight:600;margin:0 0 8px}
table{width:100%;border-collapse:collapse;margin:16px 0}td{padding:8px 0;border-bottom:1px solid #d8e1eb}
td.amount{text-align:right;white-space:nowrap}tr.total td{font-weight:700;border-bottom:none}
.business{display:flex;align-items:center;gap:8px;margin:16px 0 4px;font-size:15px}
.business input{width:18px;height:18px;accent-color:#0b5cad}
.tax{display:none;margin-top:8px}#business:checked~.tax{display:block}
.tax label{display:block;margin:0 0 4px;font-size:14px;color:#4a5d73}
.tax input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #b7c4d3;border-radius:8px;font-size:15px}
.actions{display:flex;gap:12px;margin-top:20px}
button{padding:10px 18px;border-radius:8px;border:1px solid #0b5cad;font-size:15px;font-weight:600;cursor:pointer;font-family:inherit}
.pay{background:#0b5cad;color:#fff}.cancel{background:#fff;color:#0b5cad}.note{font-size:13px;color:#4a5d73}`;

/**
 * The sandbox's hosted checkout: tier, net price, VAT for the buyer's country, and Pay and Cancel as
 * plain forms. "Purchasing as a business" reveals the VAT / tax ID field (CSS only, no script), as
 * the Buy Credits dialog promises; it starts ticked when the company already has a tax ID.
 */
export function sandboxCheckoutPage(page: SandboxPage): string {
  const total = page.netCents + page.vat.taxCents;
  const token = `<input type="hidden" name="token" value="${escapeHtml(page.token)}">`;
  const body =
    page.status === 'PENDING'
      ? `<table>
<tr><td>${page.credits} Hullscope credits</td><td class="amount">${euro(page.netCents)}</td></tr>
<tr><td>${escapeHtml(page.vat.note)}</td><td class="amount">${euro(page.vat.taxCents)}</td></tr>
<tr class="total"><td>Total</td><td class="amount">${euro(total)}</td></tr>
</table>
<p class="note">Prices are in euro excluding VAT. A business elsewhere in the EU that enters its VAT ID pays no VAT (reverse charge).</p>
<form method="post" action="${escapeHtml(page.actionBase)}/pay">
${token}
<input type="checkbox" id="business" name="business" value="on"${page.taxId ? ' checked' : ''}>
<label class="business" for="business">Purchasing as a business</label>
<div class="tax">
<label for="tax_id">VAT / tax ID</label>
<input type="text" id="tax_id" name="tax_id" maxlength="64" value="${escapeHtml(page.taxId)}">
</div>
<div class="actions"><button class="pay" type="submit">Pay</button></div>
</form>
<form method="post" action="${escapeHtml(page.actionBase)}/cancel">
${token}
<div class="actions"><button class="cancel" type="submit">Cancel</button></div>
</form>`
      : `<p>This checkout is closed: the purchase is ${escapeHtml(page.status)}.</p>
<p><a href="${escapeHtml(page.transactionsUrl)}">Back to your transactions</a></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Checkout · Hullscope</title><style>${STYLE}</style></head>
<body><header>Hullscope</header><div class="banner">Sandbox — no real payment</div>
<main><h1>Buy credits</h1>
${body}
<p class="note">This is the built-in test checkout. No card is charged and no money moves; the credits are real within this installation.</p>
</main></body></html>`;
}
