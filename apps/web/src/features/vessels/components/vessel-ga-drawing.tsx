import { GA_DRAWING_TYPES, MAX_GA_DRAWING_BYTES, type GaDrawing } from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { GaDrawingFigure } from '@/components/ui/ga-drawing-figure';
import { RoleGate } from '@/components/ui/role-gate';
import { SectionCard } from '@/components/ui/section-card';
import { useRoleAllows } from '@/hooks/use-role';
import { ApiError, messageOf, reasonOf } from '@/lib/api-errors';
import { useDeleteGaDrawing, useGaDrawing, useGaDrawingImage, useUploadGaDrawing } from '../api/ga-drawing';
import { GaZoneEditor } from './ga-zone-editor';

const failure = (error: Error) =>
  error instanceof ApiError ? messageOf(error.data, error.message) : reasonOf(error);

/** The picker and the remove button a member gets. */
function DrawingActions({ vesselId, drawing }: { vesselId: number; drawing: GaDrawing | null }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadGaDrawing(vesselId);
  const remove = useDeleteGaDrawing(vesselId);
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" disabled={upload.isPending} onClick={() => input.current?.click()}>
          {drawing ? 'Replace GA drawing' : 'Upload GA drawing'}
        </Button>
        {drawing && (
          <Button color="error" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Remove GA drawing
          </Button>
        )}
        <input
          ref={input}
          type="file"
          hidden
          accept={GA_DRAWING_TYPES.join(',')}
          aria-label="GA drawing file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
            event.target.value = '';
          }}
        />
      </Stack>
      {upload.isError && <Alert severity="error">The drawing was not stored: {failure(upload.error)}</Alert>}
      {remove.isError && <Alert severity="error">The drawing was not removed: {failure(remove.error)}</Alert>}
    </Stack>
  );
}

/**
 * Issue 40 §1's alternative: the ship's own General Arrangement drawing with the zones placed on it,
 * used as the plan for the vessel's photos and in its reports.
 */
export function VesselGaDrawing({ vesselId }: { vesselId: number }) {
  const drawing = useGaDrawing(vesselId);
  const image = useGaDrawingImage(vesselId, drawing.data?.uploaded_at);
  const editor = useRoleAllows('member');
  return (
    <SectionCard title="GA Drawing">
      <Stack spacing={1.5}>
        {drawing.isError && (
          <Alert severity="error">The GA drawing could not be read: {reasonOf(drawing.error)}</Alert>
        )}
        {drawing.data === null && (
          <Typography variant="body2" color="text.secondary">
            No GA drawing yet. Upload the ship’s General Arrangement drawing as PNG or JPEG (at most{' '}
            {MAX_GA_DRAWING_BYTES / 1024 / 1024} MB; export SVG or PDF drawings as PNG first) to place the
            hull zones on it: the inspections’ plans and reports then show the photos on it.
          </Typography>
        )}
        {drawing.data && image.data && (
          <>
            <Typography variant="body2" color="text.secondary">
              {drawing.data.width}×{drawing.data.height} pixels, uploaded{' '}
              {new Date(drawing.data.uploaded_at).toLocaleDateString()}
              {drawing.data.uploaded_by ? ` by ${drawing.data.uploaded_by}` : ''}; {drawing.data.zones.length}{' '}
              {drawing.data.zones.length === 1 ? 'zone' : 'zones'} placed.
            </Typography>
            {editor ? (
              <GaZoneEditor
                key={drawing.data.uploaded_at}
                vesselId={vesselId}
                drawing={drawing.data}
                image={image.data}
              />
            ) : (
              <GaDrawingFigure
                image={image.data}
                width={drawing.data.width}
                height={drawing.data.height}
                zones={drawing.data.zones}
              />
            )}
          </>
        )}
        {image.isError && (
          <Alert severity="error">The drawing could not be loaded: {reasonOf(image.error)}</Alert>
        )}
        {drawing.isSuccess && (
          <RoleGate role="member">
            <DrawingActions vesselId={vesselId} drawing={drawing.data} />
          </RoleGate>
        )}
      </Stack>
    </SectionCard>
  );
}
