import type { InspectedImage, ZoneSummary } from '@hullscope/contract';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { LOW_CONFIDENCE_TEXT, confidencePercent } from '@/components/ui/confidence-chip';
import { FoulingRatingChip } from '@/components/ui/fouling-rating-chip';
import { QualityChip } from '@/components/ui/quality-chip';
import { CoverageBar } from './coverage-bar';

interface ZoneSummaryTableProps {
  zones: ZoneSummary[];
  onOpenImage: (image: InspectedImage) => void;
}

const RESTS_ON_WEAK_PHOTOS = 'This rating rests only on photos of fair or poor quality';

function zoneKey(zone: ZoneSummary): string {
  return zone.hull_zone ?? 'unassigned';
}

/**
 * A photo as a link-like button that opens it in the viewer, with its rating, a low-confidence mark,
 * its photo quality and whether it is left out of the zone's rating.
 */
function PhotoButton({ image, onOpen }: { image: InspectedImage; onOpen: (image: InspectedImage) => void }) {
  const lowConfidence =
    image.low_confidence && typeof image.confidence === 'number'
      ? `${LOW_CONFIDENCE_TEXT} (model confidence ${confidencePercent(image.confidence)})`
      : null;
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Button size="small" onClick={() => onOpen(image)} sx={{ textTransform: 'none', minWidth: 0 }}>
        {image.image_name}
      </Button>
      <FoulingRatingChip rating={image.rating} />
      {lowConfidence ? (
        <Tooltip title={lowConfidence}>
          <WarningAmberIcon color="warning" fontSize="small" titleAccess={lowConfidence} />
        </Tooltip>
      ) : null}
      <QualityChip quality={image.quality} />
      {image.excluded_from_rating && (
        <Typography variant="caption" color="text.secondary" data-testid="left-out">
          left out of the rating
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The summary per hull zone (issue 18 §5): photos analysed, the zone's rating, macrofouling, its
 * pooled coverage as a stacked bar and its worst photo; a row opens to list its photos worst first.
 */
export function ZoneSummaryTable({ zones, onOpenImage }: ZoneSummaryTableProps) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <TableContainer>
      <Table size="small" aria-label="Inspection summary per hull zone">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>Zone</TableCell>
            <TableCell align="right">Photos</TableCell>
            <TableCell>Rating</TableCell>
            <TableCell align="right">Macrofouling</TableCell>
            <TableCell sx={{ minWidth: 160 }}>Coverage</TableCell>
            <TableCell>Worst photo</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {zones.map((zone) => {
            const key = zoneKey(zone);
            const expanded = open.has(key);
            return (
              <Fragment key={key}>
                <TableRow data-zone={key}>
                  <TableCell padding="checkbox">
                    <IconButton
                      size="small"
                      aria-label={`${expanded ? 'Hide' : 'Show'} the photos of ${zone.zone_label}`}
                      aria-expanded={expanded}
                      onClick={() => toggle(key)}
                      disabled={zone.images.length === 0}
                    >
                      {expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                    </IconButton>
                  </TableCell>
                  <TableCell component="th" scope="row">
                    {zone.zone_label}
                  </TableCell>
                  <TableCell align="right">
                    {zone.predicted_count} of {zone.image_count}
                    {(zone.excluded_count ?? 0) > 0 && (
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="p"
                        data-testid="zone-left-out"
                      >
                        {zone.excluded_count} poor left out
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={0.5} alignItems="center">
                      <FoulingRatingChip rating={zone.rating} />
                      {zone.rests_on_fair_or_poor && (
                        <Tooltip title={RESTS_ON_WEAK_PHOTOS}>
                          <WarningAmberIcon
                            color="warning"
                            fontSize="small"
                            titleAccess={RESTS_ON_WEAK_PHOTOS}
                          />
                        </Tooltip>
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell align="right">
                    {zone.rating ? `${zone.rating.macrofouling_percentage.toFixed(1)} %` : '–'}
                  </TableCell>
                  <TableCell>
                    <CoverageBar coverage={zone.coverage} />
                  </TableCell>
                  <TableCell>
                    {zone.worst_image ? (
                      <Button
                        size="small"
                        onClick={() => onOpenImage(zone.worst_image!)}
                        sx={{ textTransform: 'none', minWidth: 0 }}
                      >
                        {zone.worst_image.image_name}
                      </Button>
                    ) : (
                      '–'
                    )}
                  </TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={7} sx={{ py: 0, borderBottom: expanded ? undefined : 'none' }}>
                    <Collapse in={expanded} unmountOnExit>
                      <Stack
                        component="ol"
                        spacing={0.5}
                        sx={{ my: 1, pl: 3 }}
                        aria-label={`Photos of ${zone.zone_label}, worst first`}
                      >
                        {zone.images.map((image) => (
                          <li key={image.image_id}>
                            <PhotoButton image={image} onOpen={onOpenImage} />
                          </li>
                        ))}
                      </Stack>
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
