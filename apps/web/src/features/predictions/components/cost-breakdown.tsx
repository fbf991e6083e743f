import type { ImageCharge, Resolution } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

interface CostBreakdownProps {
  charges: ImageCharge[];
  /** The resolution chosen in the dialog. */
  chosen: number;
  resolutions: Resolution[];
}

function credits(amount: number): string {
  return `${amount} ${amount === 1 ? 'credit' : 'credits'}`;
}

/**
 * What each selected image costs. An image no larger than a cheaper resolution's maximum is charged
 * that price (its result is the same), and its row says why, so the total is never a surprise.
 */
export function CostBreakdown({ charges, chosen, resolutions }: CostBreakdownProps) {
  const headingId = useId();
  const byId = new Map(resolutions.map((resolution) => [resolution.id, resolution]));
  const total = charges.reduce((sum, charge) => sum + charge.credits, 0);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography id={headingId} variant="subtitle2" component="h3">
        Cost per image
      </Typography>
      <Box sx={{ maxHeight: 240, overflow: 'auto' }}>
        <Table size="small" aria-labelledby={headingId} stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>Image</TableCell>
              <TableCell align="right">Credits</TableCell>
              <TableCell>Priced as</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {charges.map((charge) => {
              const pricedAs = byId.get(charge.resolution);
              const cheaper = charge.resolution !== chosen;
              return (
                <TableRow key={charge.image}>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{charge.image_name}</TableCell>
                  <TableCell align="right">{charge.credits}</TableCell>
                  <TableCell>
                    {cheaper && pricedAs
                      ? `${pricedAs.display_name}: no larger than ${pricedAs.resolution} px, same result`
                      : (pricedAs?.display_name ?? '')}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell>Total</TableCell>
              <TableCell align="right">{total}</TableCell>
              <TableCell>{credits(total)}</TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </Box>
    </Box>
  );
}
