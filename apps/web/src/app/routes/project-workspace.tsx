import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { FullscreenButton } from '@/components/ui/fullscreen-button';
import { paths } from '@/config/paths';
import { useImageDetails } from '@/features/images/api/get-image-details';
import { useThumbnailPages } from '@/features/images/api/get-thumbnail-pages';
import { DeleteImagesButton } from '@/features/images/components/delete-images-button';
import { SetZoneButton } from '@/features/images/components/set-zone-button';
import { ImageArrangeBar, type PredictionKind } from '@/features/images/components/image-arrange-bar';
import { ImagePager } from '@/features/images/components/image-pager';
import { SelectedImagePanel } from '@/features/images/components/selected-image-panel';
import { ThumbnailGrid } from '@/features/images/components/thumbnail-grid';
import { UploadDialog } from '@/features/images/components/upload-dialog';
import { ZoneFilter, type ZoneFilterValue, filterByZone } from '@/components/form/zone-filter';
import {
  arrangeImages,
  defaultArrangement,
  type ImageArrangement,
} from '@/features/images/lib/arrange-images';
import { pagesHolding, serverPositions } from '@/features/images/lib/thumbnail-pages';
import { useModels } from '@/features/predictions/api/get-models';
import { useResolutions } from '@/features/predictions/api/get-resolutions';
import { ImagePredictions } from '@/features/predictions/components/image-predictions';
import { ScheduleDialog } from '@/features/predictions/components/schedule-dialog';
import { RoleGate } from '@/components/ui/role-gate';
import { useSignedReason } from '@/hooks/use-revisions';

/** The predictions section with the viewer: the Projects page's skip link goes there (issue 45 §15). */
export const VIEWER_ID = 'viewer';

/** Navigation state that opens an image at one of its predictions (from the inspection summary). */
export interface OpenedPrediction {
  predictionId: number;
}

interface ProjectWorkspaceProps {
  projectId: number;
  /** The image the URL names, if any. */
  imageId: number | null;
  running: boolean;
}

/**
 * One project's images (filtered, sorted, ticked for a batch delete) and the selected image's
 * predictions. Keyed by the project, so choosing another one starts with its filters cleared.
 */
export function ProjectWorkspace({ projectId, imageId, running }: ProjectWorkspaceProps) {
  const navigate = useNavigate();
  // The whole project's list without pixels; thumbnails come a page at a time for what the grid draws.
  const details = useImageDetails(projectId);
  const models = useModels();
  const resolutions = useResolutions();
  // The prediction chosen for the image it was chosen on: another image starts with none (spec §4).
  const [chosen, setChosen] = useState<{ imageId: number; predictionId: number } | null>(null);
  // Opened from the inspection summary: that navigation carries the prediction to show; a later
  // choice of image (a navigation without it) starts with none again.
  const opened = (useLocation().state as OpenedPrediction | null)?.predictionId ?? null;
  const predictionId = chosen !== null && chosen.imageId === imageId ? chosen.predictionId : opened;
  const signedReason = useSignedReason(projectId);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [zoneFilter, setZoneFilter] = useState<ZoneFilterValue>('all');
  const [arrangement, setArrangement] = useState<ImageArrangement>(defaultArrangement);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [drawn, setDrawn] = useState<readonly number[]>([]);
  const predictionsSection = useRef<HTMLElement>(null);

  const all = useMemo(() => details.data ?? [], [details.data]);
  const positions = useMemo(() => serverPositions(all), [all]);
  const thumbnails = useThumbnailPages(projectId, pagesHolding(drawn, positions));
  const thumbnailOf = useCallback((id: number) => thumbnails.get(id)?.base64_thumbnail, [thumbnails]);
  // The schedule dialog's checklist shows the pictures the grid has; it fetches none of its own.
  const checklist = useMemo(
    () => all.map((image) => ({ ...image, base64_thumbnail: thumbnails.get(image.id)?.base64_thumbnail })),
    [all, thumbnails],
  );
  const detailsById = useMemo(
    () => new Map((details.data ?? []).map((image) => [image.id, image])),
    [details.data],
  );
  const shown = useMemo(
    () => arrangeImages(filterByZone(all, zoneFilter), detailsById, arrangement),
    [all, zoneFilter, detailsById, arrangement],
  );
  const predictionCounts = useMemo(
    () => new Map((details.data ?? []).map((image) => [image.id, image.predictions.length])),
    [details.data],
  );
  const predictionKinds: PredictionKind[] = useMemo(
    () =>
      (models.data ?? []).flatMap((model) =>
        (resolutions.data ?? []).map((resolution) => ({
          modelId: model.id,
          resolutionId: resolution.id,
          label: `${model.name}, ${resolution.display_name}`,
        })),
      ),
    [models.data, resolutions.data],
  );
  const checkedIds = all.filter((thumbnail) => checked.has(thumbnail.id)).map((thumbnail) => thumbnail.id);
  const filtered = zoneFilter !== 'all' || arrangement !== defaultArrangement;

  const selectImage = useCallback(
    (id: number | null) =>
      void navigate(id === null ? paths.app.project(projectId) : paths.app.projectImage(projectId, id)),
    [navigate, projectId],
  );
  const selectPrediction = useCallback(
    (id: number) => imageId !== null && setChosen({ imageId, predictionId: id }),
    [imageId],
  );
  const check = (id: number, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        // The viewer takes what the image list leaves (issue 22: use the available width).
        gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 340px) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" component="section" aria-label="Images" sx={{ p: 2 }}>
        <RoleGate role="member">
          <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
            <Button
              variant="contained"
              startIcon={<CloudUploadIcon />}
              disabled={signedReason !== null}
              onClick={() => setUploadOpen(true)}
            >
              Upload
            </Button>
            <Button
              variant="outlined"
              startIcon={<ScheduleSendIcon />}
              disabled={running || signedReason !== null}
              onClick={() => setScheduleOpen(true)}
            >
              Schedule Prediction
            </Button>
          </Stack>
          {signedReason && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="signed-reason">
              {signedReason}
            </Typography>
          )}
        </RoleGate>
        {all.length > 0 && (
          <>
            <ZoneFilter thumbnails={all} value={zoneFilter} onChange={setZoneFilter} />
            <ImageArrangeBar
              value={arrangement}
              onChange={setArrangement}
              predictionKinds={predictionKinds}
            />
            <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
              <Typography variant="body2" color="text.secondary" data-testid="checked-count">
                {checkedIds.length} of {all.length} selected
              </Typography>
              <Button
                size="small"
                onClick={() => setChecked(new Set(shown.map((thumbnail) => thumbnail.id)))}
              >
                Select shown
              </Button>
              <Button size="small" disabled={checkedIds.length === 0} onClick={() => setChecked(new Set())}>
                Clear
              </Button>
              <RoleGate role="member">
                <SetZoneButton projectId={projectId} imageIds={checkedIds} />
                <DeleteImagesButton
                  projectId={projectId}
                  imageIds={checkedIds}
                  disabled={running || signedReason !== null}
                  onDeleted={(deleted) => {
                    setChecked((current) => new Set([...current].filter((id) => !deleted.includes(id))));
                    if (imageId !== null && deleted.includes(imageId)) selectImage(null);
                  }}
                />
              </RoleGate>
            </Stack>
          </>
        )}
        <ThumbnailGrid
          images={shown}
          thumbnailOf={thumbnailOf}
          onDrawnChange={setDrawn}
          selectedId={imageId}
          onSelect={selectImage}
          emptyText={filtered && all.length > 0 ? 'No images match the filters.' : undefined}
          predictionCounts={predictionCounts}
          checked={checked}
          onCheck={check}
        />
        {imageId !== null && (
          <SelectedImagePanel
            key={imageId}
            projectId={projectId}
            imageId={imageId}
            requestRunning={running}
            predictionSelected={predictionId !== null}
            onDeleted={() => selectImage(null)}
          />
        )}
      </Paper>
      <Paper
        ref={predictionsSection}
        variant="outlined"
        component="section"
        aria-label="Predictions"
        id={VIEWER_ID}
        tabIndex={-1}
        sx={{ p: 2, minWidth: 0, outline: 'none', '&:fullscreen': { overflowY: 'auto', borderRadius: 0 } }}
      >
        <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            Predictions
          </Typography>
          {imageId !== null && (
            <ImagePager
              imageIds={shown.map((thumbnail) => thumbnail.id)}
              currentId={imageId}
              onGo={selectImage}
            />
          )}
          <FullscreenButton target={predictionsSection} />
        </Stack>
        {imageId === null ? (
          <Typography color="text.secondary">Select an image to see its predictions.</Typography>
        ) : (
          <ImagePredictions
            key={imageId}
            projectId={projectId}
            imageId={imageId}
            requestRunning={running}
            selectedPredictionId={predictionId}
            onSelectPrediction={selectPrediction}
          />
        )}
      </Paper>
      <UploadDialog open={uploadOpen} projectId={projectId} onClose={() => setUploadOpen(false)} />
      <ScheduleDialog
        open={scheduleOpen}
        projectId={projectId}
        thumbnails={checklist}
        imageDetails={all}
        onClose={() => setScheduleOpen(false)}
      />
    </Box>
  );
}
