import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { AuthFormHeading } from './auth-form-heading';
import { usePageTitle } from '@/hooks/use-page-title';

export function FinalizeRegistration() {
  usePageTitle('Registration received');
  return (
    <Stack spacing={2} alignItems="flex-start">
      <MarkEmailReadIcon color="primary" sx={{ fontSize: 48 }} />
      <AuthFormHeading>Thank you for registering!</AuthFormHeading>
      <Typography>
        Please check your e-mail to complete your registration: open the confirmation link we have just sent
        you.
      </Typography>
      <Button component={RouterLink} to={paths.auth.login} variant="outlined">
        Go to sign in
      </Button>
    </Stack>
  );
}
