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

describe('the amounts of Your Transactions', () => {
  it('shows a paid purchase as credits added, and closed or pending ones as never credited', () => {
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
    expect(amountCell(2)).toHaveTextContent('+500not credited');
    expect(amountCell(3)).toHaveTextContent('+500not credited');
    expect(amountCell(4)).toHaveTextContent('+500awaiting payment');
    expect(within(amountCell(2)).getByText('+500')).toHaveStyle({ textDecoration: 'line-through' });
    expect(within(amountCell(1)).queryByText(/not credited/)).toBeNull();
  });
});
