import type { Transaction } from '@hullscope/contract';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PurchaseActions } from './purchase-actions';
import { TransactionStatusChip } from './transaction-status-chip';

const COLUMNS = [
  'Transaction-ID',
  'Date',
  'Request-ID',
  'Project',
  '# Images',
  'Resolution',
  'Status',
  'Amount',
];

function formatAmount(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

/** Only these rows move the balance; a purchase still PENDING, FAILED or EXPIRED never did. */
const COUNTING_STATUSES: ReadonlySet<string> = new Set(['SETTLED', 'PAID']);

function AmountCell({ transaction }: { transaction: Transaction }) {
  if (!COUNTING_STATUSES.has(transaction.status)) {
    // No sign and no colour: these credits never arrived (or have not yet), so nothing was added.
    // Grey in the secondary text's shade: the disabled one is below the 4.5:1 contrast text needs.
    return (
      <TableCell align="right" sx={{ color: 'text.secondary' }}>
        {transaction.amount}
        <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
          {transaction.status === 'PENDING' ? 'not credited yet' : 'not credited'}
        </Typography>
      </TableCell>
    );
  }
  return (
    <TableCell
      align="right"
      sx={{ fontWeight: 600, color: transaction.amount < 0 ? 'error.main' : 'success.main' }}
    >
      {formatAmount(transaction.amount)}
    </TableCell>
  );
}

interface TransactionsTableProps {
  transactions: Transaction[];
  /** Adds the acting member's column (issue 38): one shared wallet, several spenders. */
  showActor?: boolean;
}

/** 'Your Transactions', newest first: the API's list reversed (spec §2.3). */
export function TransactionsTable({ transactions, showActor = false }: TransactionsTableProps) {
  const newestFirst = [...transactions].reverse();
  const columns = showActor ? [...COLUMNS.slice(0, 2), 'Member', ...COLUMNS.slice(2)] : COLUMNS;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Your Transactions">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} align={column === 'Amount' ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {newestFirst.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length}>
                <Typography color="text.secondary">No transactions yet.</Typography>
              </TableCell>
            </TableRow>
          )}
          {newestFirst.map((transaction) => {
            const queue = transaction.predict_queue;
            return (
              <TableRow key={transaction.id} hover>
                <TableCell>{transaction.id}</TableCell>
                <TableCell>{new Date(transaction.request_date).toLocaleString()}</TableCell>
                {showActor && <TableCell>{transaction.actor ?? '–'}</TableCell>}
                <TableCell>{queue?.id ?? '–'}</TableCell>
                <TableCell>
                  {/* Only a prediction run belongs to a project; other rows leave the column empty. */}
                  {queue ? (
                    <>
                      {queue.project.name}
                      {/* What was run and how it was priced (fair pricing names the cheaper images). */}
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {transaction.reason}
                      </Typography>
                    </>
                  ) : (
                    '–'
                  )}
                </TableCell>
                <TableCell>{queue?.images.length ?? '–'}</TableCell>
                <TableCell>{queue?.resolution.name ?? '–'}</TableCell>
                <TableCell>
                  <TransactionStatusChip transaction={transaction} />
                  {!queue && transaction.reason && (
                    // What a row without a run is (a bonus, a purchase): beside its status, not as a project.
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
                      {transaction.reason}
                    </Typography>
                  )}
                  <PurchaseActions transaction={transaction} />
                </TableCell>
                <AmountCell transaction={transaction} />
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
