import { describe, expect, it } from 'vitest';
import { receiptMail } from '../../../src/features/billing/receipt-mail.js';

const receipt = {
  to: 'anna@nordsee-reederei.de',
  firstName: 'Anna',
  purchaseId: 41,
  credits: 100,
  netCents: 4900,
  taxCents: 931,
  totalCents: 5831,
  vatNote: 'VAT 19% (Germany)',
  paidAt: '2026-05-01T10:00:00.000Z',
  provider: 'stripe' as const,
  billing: {
    name: 'Nordsee Reederei GmbH',
    address: 'Am Kai 1',
    address_2: '',
    city: 'Kiel',
    zip: '24103',
    state: '',
    country: 'DE',
    tax_id: '',
  },
};

describe('the receipt e-mail (issue 45 §10)', () => {
  it('has one colon a line and names the country, not its code', () => {
    const { text, html } = receiptMail(receipt);
    expect(text).toContain('VAT: €9.31 — VAT 19% (Germany)\n');
    for (const line of text.split('\n')) expect(line.split(': ').length, line).toBeLessThanOrEqual(2);
    expect(text).toContain('  24103 Kiel\n  Germany\n');
    expect(text).not.toMatch(/^ {2}DE$/m);
    expect(html).toContain('Germany');
  });
});
