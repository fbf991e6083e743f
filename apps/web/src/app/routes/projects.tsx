import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { PageTitle } from '@/components/ui/page-title';
import { useThumbnails } from '@/features/images/api/get-thumbnails';
import { SelectedImagePanel } from '@/features/images/components/selected-image-panel';
import { ThumbnailGrid } from '@/features/images/components/thumbnail-grid';
import { UploadDialog } from '@/features/images/components/upload-dialog';
import { ZoneFilter, type ZoneFilterValue, filterByZone } from '@/features/images/components/zone-filter';
import { DownloadReportButton } from '@/features/inspections/components/download-report-button';
import { InspectionSummaryButton } from '@/features/inspections/components/inspection-summary-button';
import { ImagePredictions } from '@/features/predictions/components/image-predictions';
import { RunningRequestAlert } from '@/features/predictions/components/running-request-alert';
import { ScheduleDialog } from '@/features/predictions/components/schedule-dialog';
import { useRunningRequest } from '@/features/predictions/hooks/use-running-request';
import { usePredictionCount } from '@/features/projects/api/get-prediction-count';
import { useProjects } from '@/features/projects/api/get-projects';
import { useVesselOptions } from '@/features/projects/api/get-vessel-options';
import { CreateProjectButton } from '@/features/projects/components/create-project-button';
import { DownloadAllButton } from '@/features/projects/components/download-all-button';
import { EditProjectButton } from '@/features/projects/components/edit-project-button';
import { ProjectDetails } from '@/features/projects/components/project-details';
import { ProjectSelect } from '@/features/projects/components/project-select';

/** The projects page (spec §2.3, §4): composes the projects, images and predictions features. */
export function ProjectsRoute() {
  const projects = useProjects();
  const [projectId, setProjectId] = useState<number | null>(null);
  const [imageId, setImageId] = useState<number | null>(null);
  const [predictionId, setPredictionId] = useState<number | null>(null);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [zoneFilter, setZoneFilter] = useState<ZoneFilterValue>('all');
  const { running, requestId, progress } = useRunningRequest();
  const thumbnails = useThumbnails(projectId);
  const predictionCount = usePredictionCount(projectId, running);
  const project = projects.data?.find((candidate) => candidate.id === projectId) ?? null;
  const vessels = useVesselOptions();
  const vesselId = project?.vessel ?? null;
  // Shown once there are vessels to name (the vessels list answers some) or the project names one.
  const vesselName =
    vesselId === null
      ? (vessels.data ?? []).length > 0
        ? null
        : undefined
      : (vessels.data?.find((vessel) => vessel.id === vesselId)?.name ?? `Vessel ${vesselId}`);

  const selectProject = (id: number | null) => {
    setProjectId(id);
    setImageId(null);
    setPredictionId(null);
    setZoneFilter('all');
  };
  const selectImage = (id: number | null) => {
    setImageId(id);
    setPredictionId(null);
  };
  const selectPrediction = useCallback((id: number) => setPredictionId(id), []);

  return (
    <Box>
      <PageTitle>Projects</PageTitle>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
          <ProjectSelect projects={projects.data ?? []} selectedId={projectId} onSelect={selectProject} />
          <CreateProjectButton onCreated={(created) => selectProject(created.id)} />
          <EditProjectButton project={project} disabled={running} onDeleted={() => selectProject(null)} />
          <DownloadAllButton projectId={project ? project.id : null} requestRunning={running} />
          <DownloadReportButton
            projectId={project ? project.id : null}
            requestRunning={running}
            hasPredictions={(predictionCount.data?.prediction_count ?? 0) > 0}
          />
          <InspectionSummaryButton
            projectId={project ? project.id : null}
            requestRunning={running}
            onOpenImage={(image) => {
              setZoneFilter('all');
              setImageId(image.image_id);
              setPredictionId(image.prediction_id);
            }}
          />
          {running && <RunningRequestAlert requestId={requestId} progress={progress} />}
        </Stack>
      </Paper>

      {project !== null && <ProjectDetails project={project} vesselName={vesselName} />}

      {project === null ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">
            Select a project or create a new one to upload images and run predictions.
          </Typography>
        </Paper>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(280px, 5fr) 7fr' },
            alignItems: 'start',
          }}
        >
          <Paper variant="outlined" component="section" aria-label="Images" sx={{ p: 2 }}>
            <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
              <Button variant="contained" startIcon={<CloudUploadIcon />} onClick={() => setUploadOpen(true)}>
                Upload
              </Button>
              <Button
                variant="outlined"
                startIcon={<ScheduleSendIcon />}
                disabled={running}
                onClick={() => setScheduleOpen(true)}
              >
                Schedule Prediction
              </Button>
            </Stack>
            {(thumbnails.data?.length ?? 0) > 0 && (
              <ZoneFilter thumbnails={thumbnails.data ?? []} value={zoneFilter} onChange={setZoneFilter} />
            )}
            <ThumbnailGrid
              thumbnails={filterByZone(thumbnails.data ?? [], zoneFilter)}
              selectedId={imageId}
              onSelect={selectImage}
              emptyText={zoneFilter === 'all' ? undefined : 'No images in this zone.'}
            />
            {imageId !== null && (
              <SelectedImagePanel
                key={imageId}
                projectId={project.id}
                imageId={imageId}
                requestRunning={running}
                predictionSelected={predictionId !== null}
                onDeleted={() => selectImage(null)}
              />
            )}
          </Paper>
          <Paper variant="outlined" component="section" aria-label="Predictions" sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              Predictions
            </Typography>
            {imageId === null ? (
              <Typography color="text.secondary">Select an image to see its predictions.</Typography>
            ) : (
              <ImagePredictions
                key={imageId}
                projectId={project.id}
                imageId={imageId}
                requestRunning={running}
                selectedPredictionId={predictionId}
                onSelectPrediction={selectPrediction}
              />
            )}
          </Paper>
          <UploadDialog open={uploadOpen} projectId={project.id} onClose={() => setUploadOpen(false)} />
          <ScheduleDialog
            open={scheduleOpen}
            projectId={project.id}
            thumbnails={thumbnails.data ?? []}
            onClose={() => setScheduleOpen(false)}
          />
        </Box>
      )}
    </Box>
  );
}
