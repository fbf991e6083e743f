import {
  HULL_PLAN_VIEWS,
  type HullPlanViewName,
  type HullZone,
  type InspectedImage,
  type PlanPin as ApiPin,
  metresAt,
  videoFrameOf,
} from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { HullPlanDrawing, type PlanAreaState, type PlanPin } from '@/components/ui/hull-plan-drawing';
import { reasonOf } from '@/lib/api-errors';
import { useRoleAllows } from '@/hooks/use-role';
import { useNotify } from '@/lib/notify';
import { useGaDrawing, useGaDrawingImage } from '@/hooks/use-ga-drawing';
import { useInterpolateFrames, usePlacePhoto, usePlanPins } from '../api/plan-pins';
import { GaDrawingPins } from './ga-drawing-pins';

const VIEW_LABELS: Record<HullPlanViewName, string> = {
  port: 'Port side',
  starboard: 'Starboard side',
  bottom: 'Bottom',
};

interface PlanPhotosProps {
  projectId: number;
  /** Whether the inspection names a vessel: without one there is no plan. */
  enabled: boolean;
  areas: Partial<Record<HullZone, PlanAreaState>>;
  /** The analysed photos by image id: a pin of one opens its prediction. */
  inspected: ReadonlyMap<number, InspectedImage>;
  onOpenImage: (image: InspectedImage) => void;
}

/**
 * The inspection's photos as pins on its vessel's plan (issue 40 §2): dragged, moved with the arrow
 * keys, or placed by the numbers in the form below; video frames between two placed ones follow.
 */
export function PlanPhotos({ projectId, enabled, areas, inspected, onOpenImage }: PlanPhotosProps) {
  const pins = usePlanPins(projectId, enabled);
  const place = usePlacePhoto(projectId);
  const notify = useNotify();
  // A viewer sees the pins and opens photos; moving them is for members, as the API says.
  const mayPlace = useRoleAllows('member');
  const [selected, setSelected] = useState<number | null>(null);
  const gaDrawing = useGaDrawing(pins.data?.plan.vessel);
  const gaImage = useGaDrawingImage(pins.data?.plan.vessel, gaDrawing.data?.uploaded_at);
  const [onGaDrawing, setOnGaDrawing] = useState(false);
  if (pins.isError)
    return <Alert severity="error">The plan could not be loaded: {reasonOf(pins.error)}</Alert>;
  if (!pins.data) return null;
  const { plan } = pins.data;

  const moveTo = (pin: ApiPin, x: number, y: number) => {
    const metres = plan.views.find((view) => view.view === pin.view)?.metres;
    if (!metres) return;
    const point = metresAt(metres, x, y);
    place.mutate(
      {
        imageId: pin.image_id,
        position: {
          placement: 'point',
          view: pin.view,
          from_aft_m: point.from_aft_m,
          [metres.across]: point.across_m,
        },
      },
      { onError: (error) => notify.failure(`${pin.image_name} was not placed`, error) },
    );
  };
  const drawn: PlanPin[] = pins.data.pins.map((pin) => {
    const image = inspected.get(pin.image_id);
    return {
      key: pin.image_id,
      number: pin.number,
      view: pin.view,
      x: pin.x,
      y: pin.y,
      label: pin.image_name,
      placement: pin.placement,
      onOpen: image ? () => onOpenImage(image) : undefined,
      onMove: mayPlace ? (x, y) => moveTo(pin, x, y) : undefined,
      onSelect: () => setSelected(pin.image_id),
    };
  });

  const ga = gaDrawing.data && gaImage.data ? { drawing: gaDrawing.data, image: gaImage.data } : null;
  return (
    <Stack spacing={2}>
      {ga && (
        <TextField
          select
          size="small"
          label="Show the photos on"
          value={onGaDrawing ? 'ga' : 'plan'}
          onChange={(event) => setOnGaDrawing(event.target.value === 'ga')}
          sx={{ maxWidth: 260 }}
        >
          <MenuItem value="plan">The drawn plan</MenuItem>
          <MenuItem value="ga">The ship&apos;s GA drawing</MenuItem>
        </TextField>
      )}
      {ga && onGaDrawing ? (
        <GaDrawingPins
          drawing={ga.drawing}
          image={ga.image}
          areas={areas}
          pins={pins.data.pins.map((pin) => {
            const image = inspected.get(pin.image_id);
            return {
              ...pin,
              onOpen: image ? () => onOpenImage(image) : undefined,
              onSelect: () => setSelected(pin.image_id),
            };
          })}
        />
      ) : (
        <HullPlanDrawing plan={plan} areas={areas} pins={drawn} />
      )}
      {mayPlace && (
        <Typography variant="body2" color="text.secondary">
          Drag a photo&apos;s pin to where it was taken, or focus it and use the arrow keys (Shift moves
          further); a click opens the photo.
        </Typography>
      )}
      {pins.data.unplaced.length > 0 && (
        <Typography variant="body2">
          Not on the plan (no zone): {pins.data.unplaced.map((image) => image.image_name).join(', ')}
        </Typography>
      )}
      {mayPlace && (
        <PositionForm
          key={selected ?? 0}
          projectId={projectId}
          pins={pins.data.pins}
          unplaced={pins.data.unplaced}
          initial={selected}
        />
      )}
      {mayPlace && <InterpolationForm projectId={projectId} pins={pins.data.pins} />}
    </Stack>
  );
}

/** The keyboard and numbers alternative to dragging: a photo, a view and metres. */
function PositionForm({
  projectId,
  pins,
  unplaced,
  initial,
}: {
  projectId: number;
  pins: ApiPin[];
  unplaced: { image_id: number; image_name: string }[];
  initial: number | null;
}) {
  const place = usePlacePhoto(projectId);
  const notify = useNotify();
  const pinOf = (imageId: number | null) => pins.find((pin) => pin.image_id === imageId);
  const start = pinOf(initial);
  const [imageId, setImageId] = useState<number | ''>(initial ?? '');
  const [view, setView] = useState<HullPlanViewName>(start?.view ?? 'port');
  const [fromAft, setFromAft] = useState(start ? String(start.from_aft_m) : '');
  const [across, setAcross] = useState(start ? String(start.across_m) : '');
  const choose = (id: number) => {
    setImageId(id);
    const pin = pinOf(id);
    if (!pin) return;
    setView(pin.view);
    setFromAft(String(pin.from_aft_m));
    setAcross(String(pin.across_m));
  };
  const acrossField = view === 'bottom' ? 'offset_from_centreline_m' : 'height_above_keel_m';
  const failed = (error: unknown) => notify.failure('The photo was not placed', error);
  const save = () => {
    if (imageId === '') return;
    place.mutate(
      {
        imageId,
        position: {
          placement: 'point',
          view,
          from_aft_m: Number(fromAft),
          [acrossField]: Number(across),
        },
      },
      { onError: failed, onSuccess: () => notify.success('Photo placed') },
    );
  };
  const byZone = () => {
    if (imageId === '') return;
    place.mutate({ imageId, position: { placement: 'zone' } }, { onError: failed });
  };

  return (
    <Box component="section" aria-labelledby="place-photo-title">
      <Typography id="place-photo-title" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Place a photo
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} alignItems={{ md: 'center' }}>
        <TextField
          select
          size="small"
          label="Photo"
          value={imageId}
          onChange={(event) => choose(Number(event.target.value))}
          sx={{ minWidth: 220 }}
        >
          {pins.map((pin) => (
            <MenuItem key={pin.image_id} value={pin.image_id}>
              {pin.number}. {pin.image_name}
            </MenuItem>
          ))}
          {unplaced.map((image) => (
            <MenuItem key={image.image_id} value={image.image_id}>
              {image.image_name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="View"
          value={view}
          onChange={(event) => setView(event.target.value as HullPlanViewName)}
        >
          {HULL_PLAN_VIEWS.map((name) => (
            <MenuItem key={name} value={name}>
              {VIEW_LABELS[name]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="number"
          label="From aft perpendicular (m)"
          value={fromAft}
          onChange={(event) => setFromAft(event.target.value)}
        />
        <TextField
          size="small"
          type="number"
          label={view === 'bottom' ? 'From centreline, port + (m)' : 'Above keel (m)'}
          value={across}
          onChange={(event) => setAcross(event.target.value)}
        />
        <Button variant="contained" onClick={save} disabled={imageId === '' || place.isPending}>
          Place
        </Button>
        <Button onClick={byZone} disabled={imageId === '' || place.isPending}>
          Back to Its Zone
        </Button>
      </Stack>
    </Box>
  );
}

/** Places the frames of one video taken between two frames placed by hand. */
function InterpolationForm({ projectId, pins }: { projectId: number; pins: ApiPin[] }) {
  const interpolate = useInterpolateFrames(projectId);
  const notify = useNotify();
  const placedFrames = pins.filter((pin) => pin.placement === 'dragged' && videoFrameOf(pin.image_name));
  const [first, setFirst] = useState<number | ''>('');
  const [last, setLast] = useState<number | ''>('');
  if (placedFrames.length < 2) return null;
  const frameChoice = (label: string, value: number | '', onChange: (id: number) => void) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 220 }}
    >
      {placedFrames.map((pin) => (
        <MenuItem key={pin.image_id} value={pin.image_id}>
          {pin.number}. {pin.image_name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box component="section" aria-labelledby="interpolate-title">
      <Typography id="interpolate-title" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Video frames between two placed frames
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} alignItems={{ md: 'center' }}>
        {frameChoice('First frame', first, setFirst)}
        {frameChoice('Last frame', last, setLast)}
        <Button
          variant="outlined"
          disabled={first === '' || last === '' || interpolate.isPending}
          onClick={() =>
            first !== '' &&
            last !== '' &&
            interpolate.mutate(
              { first_image: first, last_image: last },
              {
                onSuccess: ({ interpolated }) =>
                  notify.success(`${interpolated} frame${interpolated === 1 ? '' : 's'} placed`),
                onError: (error) => notify.failure('The frames were not placed', error),
              },
            )
          }
        >
          Place Frames Between
        </Button>
      </Stack>
    </Box>
  );
}
