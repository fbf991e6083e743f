import type { Transaction } from '@hullscope/contract';
import Chip, { type ChipProps } from '@mui/material/Chip';

/** The ledger's statuses in a customer's words; a settled row says what happened by its kind. */
export function statusWord({ status, kind }: Pick<Transaction, 'status' | 'kind'>): string {
  switch (status) {
    case 'PAID':
      return 'Paid';
    case 'PENDING':
      return 'Awaiting payment';
    case 'FAILED':
      return 'Payment failed';
    case 'EXPIRED':
      return 'Cancelled';
    case 'SETTLED':
      if (kind === 'prediction') return 'Charged';
      if (kind === 'refund') return 'Refunded';
      return 'Credited';
  }
}

const COLORS: Record<Transaction['status'], ChipProps['color']> = {
  PAID: 'success',
  SETTLED: 'default',
  PENDING: 'info',
  FAILED: 'error',
  EXPIRED: 'default',
};

export function TransactionStatusChip({ transaction }: { transaction: Transaction }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[transaction.status]}
      label={statusWord(transaction)}
    />
  );
}
