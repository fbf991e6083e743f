import type { Transaction } from '@hullscope/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
    render(
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
    expect(amountCell(2)).toHaveStyle({ color: 'rgba(0, 0, 0, 0.38)' });
  });

  it('names every status in words a customer uses, on a chip', () => {
    render(
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
    const words = [1, 2, 3, 4, 5, 6, 7].map((id) => statusCell(id).textContent);
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
    render(
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
    const { unmount } = render(<TransactionsTable transactions={rows} />);
    expect(screen.queryByRole('columnheader', { name: 'Member' })).not.toBeInTheDocument();
    unmount();
    render(<TransactionsTable transactions={rows} showActor />);
    expect(screen.getByRole('columnheader', { name: 'Member' })).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /^1 / })).getAllByRole('cell')[2]).toHaveTextContent(
      'jonas',
    );
    expect(within(screen.getByRole('row', { name: /^2 / })).getAllByRole('cell')[2]).toHaveTextContent('–');
  });
});
