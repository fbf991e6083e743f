import Link from '@mui/material/Link';
import type { MouseEvent, ReactNode } from 'react';

interface SkipLinkProps {
  /** The id of the element to move to; it should take focus (tabIndex -1). */
  target: string;
  children: ReactNode;
}

/**
 * A link hidden until it has the keyboard's focus (issue 45 §15): keyboard users jump past the menu
 * and long lists. Focus is moved by hand, as a hash link alone scrolls without moving it in every
 * browser, and the router's URL stays as it was.
 */
export function SkipLink({ target, children }: SkipLinkProps) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const element = document.getElementById(target);
    if (!element) return;
    event.preventDefault();
    element.focus();
    element.scrollIntoView?.({ block: 'start' });
  };
  return (
    <Link
      href={`#${target}`}
      onClick={skip}
      sx={{
        position: 'absolute',
        left: 8,
        top: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        borderRadius: 1,
        boxShadow: 3,
        fontWeight: 600,
        // Off screen until focused, yet read and reachable (not display: none).
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {children}
    </Link>
  );
}
