import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** Enough for a frame's `-mm:ss.sss.jpg` or `@mm:ss.s.jpg`: the part that tells frames of one video apart. */
const KEPT_END_LENGTH = 14;

/** `text` split into the start, which may be cut, and the end, which always shows; by code points. */
export function splitForMiddleEllipsis(text: string, endLength = KEPT_END_LENGTH): [string, string] {
  const characters = Array.from(text);
  if (characters.length <= endLength) return ['', text];
  return [characters.slice(0, -endLength).join(''), characters.slice(-endLength).join('')];
}

/**
 * One line of text that, when too wide, loses the middle rather than the end: names of video frames
 * share their start and differ only in the time stamp before the extension. The title has it whole;
 * the DOM text is whole too, so a label's accessible name is the full name.
 */
export function MiddleEllipsisText({ text }: { text: string }) {
  const [start, end] = splitForMiddleEllipsis(text);
  return (
    <Typography variant="body2" component="span" title={text} sx={{ display: 'flex', minWidth: 0 }}>
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {start}
      </Box>
      <Box component="span" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
        {end}
      </Box>
    </Typography>
  );
}
