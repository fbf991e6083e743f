import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while the authentication status is still unknown (spec §2.1). */
export function LoadingScreen() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
