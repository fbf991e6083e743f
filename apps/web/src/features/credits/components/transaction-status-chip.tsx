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

/**
 * The label is written in the colour's dark shade: the main shades of info, success and error are
 * below the 4.5:1 contrast small text needs on white (issue 45 §10, §16).
 */
export function TransactionStatusChip({ transaction }: { transaction: Transaction }) {
  const color = COLORS[transaction.status];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={color}
      label={statusWord(transaction)}
      sx={color === 'default' ? undefined : { color: `${color}.dark` }}
    />
  );
}
