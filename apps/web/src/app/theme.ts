import { createTheme } from '@mui/material/styles';

/** Maritime blues: deep navy for structure, ocean blue for actions, teal as the accent. */
export const theme = createTheme({
  palette: {
    primary: { main: '#0b5cad', dark: '#083f77', light: '#4a8fd6', contrastText: '#ffffff' },
    secondary: { main: '#00838f', contrastText: '#ffffff' },
    background: { default: '#f3f6fa', paper: '#ffffff' },
    text: { primary: '#10243a', secondary: '#4a5d73' },
    divider: '#d8e1eb',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
    h4: { letterSpacing: -0.3 },
    h5: { letterSpacing: -0.2 },
  },
  components: {
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense' } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
});
