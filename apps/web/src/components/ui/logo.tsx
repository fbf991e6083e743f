import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { env } from '@/config/env';

/** The product mark: a hull over the waterline inside a lens, in the theme's maritime blues. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="22" fill="#0b5cad" />
      <circle cx="24" cy="24" r="18" fill="#e8f2fc" />
      <path d="M10 22h28l-4.5 9h-19z" fill="#0b3d73" />
      <path d="M17 22v-5h9l3 5z" fill="#0b3d73" />
      <path
        d="M8 33c3 0 3-2 6-2s3 2 6 2 3-2 6-2 3 2 6 2 3-2 6-2 2 1 2 1"
        fill="none"
        stroke="#1e88e5"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <circle cx="31" cy="26.5" r="2.2" fill="#4fc3f7" />
      <path d="M39 39l5 5" stroke="#0b5cad" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The name of a link made of the logo: it starts with the product name the logo shows, so speech
 * input ("click Hullscope") finds it and screen readers say where it goes (WCAG 2.5.3).
 */
export const homeLinkLabel = `${env.productName} home`;

export function Logo({ size = 36, color = 'inherit' }: { size?: number; color?: string }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color }}>
      <LogoMark size={size} />
      <Typography component="span" variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.3, color }}>
        {env.productName}
      </Typography>
    </Box>
  );
}
