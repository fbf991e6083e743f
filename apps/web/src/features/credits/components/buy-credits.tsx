import { zodResolver } from '@hookform/resolvers/zod';
import { CheckoutSessionRequest } from '@hullscope/contract';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/form/form-text-field';
import { useNotify } from '@/lib/notify';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { useCreditPrices } from '../api/get-credit-prices';

export const COMPANY_DATA_NEEDED =
  'Please enter your company information in the account settings before you can purchase Credits.';

type PurchaseValues = z.input<typeof CheckoutSessionRequest>;

/** Opens the provider's checkout for an amount from the price list (spec §2.3); needs company data. */
export function BuyCredits({ canPurchase }: { canPurchase: boolean }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const prices = useCreditPrices(canPurchase);
  const options = prices.data ?? [];
  const checkout = useCreateCheckoutSession();
  const notify = useNotify();
  const { control, handleSubmit, watch } = useForm<PurchaseValues, unknown, CheckoutSessionRequest>({
    defaultValues: { amount: '' },
    resolver: zodResolver(CheckoutSessionRequest),
  });
  const chosen = watch('amount');

  const onSubmit = handleSubmit((values) =>
    checkout.mutate(values, {
      onSuccess: ({ redirect_url }) => window.location.assign(redirect_url),
      onError: (error) => notify.failure('Opening a payment session failed', error),
    }),
  );

  return (
    <Box>
      {!canPurchase && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {COMPANY_DATA_NEEDED}
        </Alert>
      )}
      <Button
        variant="contained"
        startIcon={<ShoppingCartIcon />}
        disabled={!canPurchase}
        onClick={() => setOpen(true)}
      >
        Buy Credits
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <Box component="form" noValidate onSubmit={onSubmit}>
          <DialogTitle id={titleId}>Buy Credits</DialogTitle>
          <DialogContent>
            <FormTextField control={control} name="amount" label="Amount" select required autoFocus>
              {options.length === 0 ? (
                <MenuItem value="" disabled>
                  No price options available
                </MenuItem>
              ) : (
                options.map((option) => (
                  <MenuItem key={option.amount} value={option.amount}>
                    {option.amount} Credits: € {option.price}
                  </MenuItem>
                ))
              )}
            </FormTextField>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              Prices are in euro excluding VAT. At checkout, tick “Purchasing as a business” to enter your VAT
              or tax ID; a business elsewhere in the EU with a VAT ID pays no VAT (reverse charge). The ID is
              saved with your company data.
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={chosen === ''} loading={checkout.isPending}>
              Go to checkout
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </Box>
  );
}
