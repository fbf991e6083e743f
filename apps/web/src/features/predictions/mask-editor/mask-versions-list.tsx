import type { MaskVersionList } from '@hullscope/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { RoleGate } from '@/components/ui/role-gate';

interface MaskVersionsListProps {
  list: MaskVersionList;
  restoring: boolean;
  /** Why restoring is refused now (the inspection is signed), or null. */
  disabledReason: string | null;
  onRestore: (version: number) => void;
}

const when = (iso: string) => new Date(iso).toLocaleString();

/** The prediction's mask versions, newest first; any older one can be saved again as the newest. */
export function MaskVersionsList({ list, restoring, disabledReason, onRestore }: MaskVersionsListProps) {
  if (list.versions.length <= 1) return null;
  return (
    <Box component="section" aria-label="Mask versions" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        Mask versions
      </Typography>
      <Box component="ol" reversed sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {[...list.versions].reverse().map((version) => (
          <Box
            component="li"
            key={version.version}
            data-testid={`mask-version-${version.version}`}
            sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.5, flexWrap: 'wrap' }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600, width: 88 }}>
              Version {version.version}
            </Typography>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 200 }}>
              {version.version === 0
                ? "The model's mask"
                : `${version.author?.name ?? 'Unknown'}, ${when(version.created_at)}, ` +
                  `${version.changed_pixels_percentage.toFixed(1)} % of pixels changed` +
                  (version.restored_from !== null ? ` (restored version ${version.restored_from})` : '')}
              {version.version === list.current_version ? ' · shown' : ''}
            </Typography>
            {version.version !== list.current_version && (
              <RoleGate role="member">
                <Button
                  size="small"
                  disabled={restoring || disabledReason !== null}
                  title={disabledReason ?? undefined}
                  onClick={() => onRestore(version.version)}
                >
                  Restore version {version.version}
                </Button>
              </RoleGate>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
