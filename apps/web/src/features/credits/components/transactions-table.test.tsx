import type { Transaction } from '@hullscope/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp, stubApi } from '@/testing/render';
import { TransactionsTable } from './transactions-table';

function purchase(id: number, status: Transaction['status'], amount = 500): Transaction {
  return {
    id,
    request_date: '2026-11-24T10:00:00.000Z',
    amount,
    status,
    kind: 'purchase',
    reason: 'Credit purchase',
  };
}

const amountCell = (id: number) => {
  const row = screen.getByRole('row', { name: new RegExp(`^${id} `) });
  return within(row).getAllByRole('cell').at(-1)!;
};

const statusCell = (id: number) => {
  const row = screen.getByRole('row', { name: new RegExp(`^${id} `) });
  return within(row).getAllByRole('cell').at(-2)!;
};

describe('the amounts of Your Transactions', () => {
  it('shows a paid purchase as credits added, and closed or pending ones greyed, unsigned, never credited', () => {
    renderWithApp(
      <TransactionsTable
        transactions={[
          purchase(1, 'PAID'),
          purchase(2, 'EXPIRED'),
          purchase(3, 'FAILED'),
          purchase(4, 'PENDING'),
        ]}
      />,
    );
    expect(amountCell(1)).toHaveTextContent(/^\+500$/);
    expect(amountCell(2)).toHaveTextContent(/^500not credited$/);
    expect(amountCell(3)).toHaveTextContent(/^500not credited$/);
    expect(amountCell(4)).toHaveTextContent(/^500not credited yet$/);
    expect(amountCell(1)).toHaveStyle({ color: 'rgb(46, 125, 50)' });
    expect(amountCell(2)).toHaveStyle({ color: 'rgb(74, 93, 115)' });
  });

  it('names every status in words a customer uses, on a chip', () => {
    renderWithApp(
      <TransactionsTable
        transactions={[
          purchase(1, 'PAID'),
          purchase(2, 'EXPIRED'),
          purchase(3, 'FAILED'),
          purchase(4, 'PENDING'),
          { ...purchase(5, 'SETTLED', -2), kind: 'prediction' },
          { ...purchase(6, 'SETTLED', 1), kind: 'refund' },
          { ...purchase(7, 'SETTLED', 50), kind: 'signup_bonus' },
        ]}
      />,
    );
    const words = [1, 2, 3, 4, 5, 6, 7].map(
      (id) => statusCell(id).querySelector('.MuiChip-label')?.textContent,
    );
    expect(words).toEqual([
      'Paid',
      'Cancelled',
      'Payment failed',
      'Awaiting payment',
      'Charged',
      'Refunded',
      'Credited',
    ]);
    expect(statusCell(2).querySelector('.MuiChip-root')).not.toBeNull();
  });

  it('shows under the project what a prediction was charged for', () => {
    renderWithApp(
      <TransactionsTable
        transactions={[
          {
            ...purchase(8, 'SETTLED', -3),
            kind: 'prediction',
            reason:
              '2 × Evo at Full HD (max 1920 px); 1 at the Standard (max 800 px) price (no larger than 800 px)',
            predict_queue: {
              id: 4,
              images: [1, 2],
              project: { name: 'MV Nordstern' },
              resolution: { name: 'Full HD (max 1920 px)' },
              status: 'DONE',
            },
          },
        ]}
      />,
    );
    const row = screen.getByRole('row', { name: /^8 / });
    expect(row).toHaveTextContent('MV Nordstern2 × Evo at Full HD (max 1920 px); 1 at the Standard');
    expect(amountCell(8)).toHaveTextContent(/^-3$/);
  });
});

describe('the acting member (issue 38)', () => {
  it('names who spent or bought in a Member column once the wallet is shared, and not before', () => {
    const rows = [
      { ...purchase(1, 'PAID'), actor: 'jonas' },
      { ...purchase(2, 'PAID'), actor: null },
    ];
    const { unmount } = renderWithApp(<TransactionsTable transactions={rows} />);
    expect(screen.queryByRole('columnheader', { name: 'Member' })).not.toBeInTheDocument();
    unmount();
    renderWithApp(<TransactionsTable transactions={rows} showActor />);
    expect(screen.getByRole('columnheader', { name: 'Member' })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /^1 / })).getAllByRole('cell')[2]).toHaveTextContent(
      'jonas',
    );
    expect(within(screen.getByRole('row', { name: /^2 / })).getAllByRole('cell')[2]).toHaveTextContent('–');
  });
});

const projectCell = (id: number) => {
  const row = screen.getByRole('row', { name: new RegExp(`^${id} `) });
  return within(row).getAllByRole('cell')[3]!;
};

describe('purchases and bonuses in Your Transactions (issue 45 §10)', () => {
  it('leave the Project column empty and say what they are beside their status', () => {
    renderWithApp(
      <TransactionsTable
        transactions={[
          { ...purchase(7, 'SETTLED', 50), kind: 'signup_bonus', reason: 'Sign-up bonus' },
          { ...purchase(9, 'PAID'), reason: 'Purchase of 500 credits (€199.00 excluding VAT)' },
        ]}
      />,
    );
    expect(projectCell(7)).toHaveTextContent(/^–$/);
    expect(projectCell(9)).toHaveTextContent(/^–$/);
    expect(statusCell(7)).toHaveTextContent('CreditedSign-up bonus');
    expect(statusCell(9)).toHaveTextContent('Purchase of 500 credits');
  });

  it('writes a chip label in a dark shade, readable at 4.5:1 on white', () => {
    renderWithApp(<TransactionsTable transactions={[purchase(4, 'PENDING')]} />);
    // The theme's info.dark (#01579b); info.main (#0288d1) is 3.9:1.
    expect(statusCell(4).querySelector('.MuiChip-root')).toHaveStyle({ color: 'rgb(1, 87, 155)' });
  });

  it('shows when a purchase awaiting payment lapses, and cancels it', async () => {
    const { calls } = stubApi({
      'POST /api/transactions/4/cancel/': () => jsonResponse({ id: 4, status: 'EXPIRED' }),
      'GET /api/transactions/': () => jsonResponse([]),
    });
    renderWithApp(<TransactionsTable transactions={[purchase(4, 'PENDING')]} />);
    const expiry = new Date(Date.parse('2026-11-24T11:00:00.000Z')).toLocaleString(undefined, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    expect(statusCell(4)).toHaveTextContent(`Checkout expired ${expiry}`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel purchase 4' }));
    await waitFor(() => expect(calls.map((call) => call.key)).toContain('POST /api/transactions/4/cancel/'));
    expect(await screen.findByText('The purchase was cancelled.')).toBeInTheDocument();
  });

  it('offers the invoice of a paid purchase as a PDF, and none for others', async () => {
    const { calls } = stubApi({
      'GET /api/transactions/1/invoice/': () =>
        new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="hullscope-invoice-HS-000001.pdf"',
          },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:invoice');
    URL.revokeObjectURL = vi.fn();
    renderWithApp(<TransactionsTable transactions={[purchase(1, 'PAID'), purchase(2, 'EXPIRED')]} />);
    expect(within(statusCell(2)).queryByRole('button')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Invoice of purchase 1 (PDF)' }));
    await waitFor(() => expect(calls.map((call) => call.key)).toEqual(['GET /api/transactions/1/invoice/']));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });
});
