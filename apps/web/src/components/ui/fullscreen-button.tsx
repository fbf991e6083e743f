import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import Button from '@mui/material/Button';
import { type RefObject, useEffect, useState } from 'react';

/** Shows `target` on the whole screen with the Fullscreen API, and back; Escape also leaves. */
export function FullscreenButton({ target }: { target: RefObject<HTMLElement | null> }) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const update = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, [target]);

  // Browsers without the API (or that refuse it) leave the page as it is.
  if (typeof document.documentElement.requestFullscreen !== 'function') return null;
  return (
    <Button
      size="small"
      startIcon={active ? <FullscreenExitIcon /> : <FullscreenIcon />}
      onClick={() => {
        if (active) void document.exitFullscreen().catch(() => undefined);
        else void target.current?.requestFullscreen().catch(() => undefined);
      }}
    >
      {active ? 'Exit full screen' : 'Full screen'}
    </Button>
  );
}
