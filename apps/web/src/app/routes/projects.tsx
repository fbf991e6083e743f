import type { InspectedImage } from '@hullscope/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { NotFound } from '@/components/ui/not-found';
import { PageTitle } from '@/components/ui/page-title';
import { SkipLink } from '@/components/ui/skip-link';
import { paths } from '@/config/paths';
import { DownloadReportButton } from '@/features/inspections/components/download-report-button';
import { InspectionAreasButton } from '@/features/inspections/components/inspection-areas-button';
import { InspectionSummaryButton } from '@/features/inspections/components/inspection-summary-button';
import { usePredictionCount } from '@/features/projects/api/get-prediction-count';
import { useProjects } from '@/features/projects/api/get-projects';
import { useVesselOptions } from '@/features/projects/api/get-vessel-options';
import { CreateProjectButton } from '@/features/projects/components/create-project-button';
import { DownloadAllButton } from '@/features/projects/components/download-all-button';
import { EditProjectButton } from '@/features/projects/components/edit-project-button';
import { ProjectDetails } from '@/features/projects/components/project-details';
import { VerifiedRecordBar } from '@/features/review/components/verified-record-bar';
import { ProjectSelect } from '@/features/projects/components/project-select';
import {
  forgetLastOpenedProject,
  lastOpenedProject,
  useRememberOpenedProject,
} from '@/features/projects/hooks/use-last-opened-project';
import { LastRunAlert } from '@/features/predictions/components/last-run-alert';
import { RunningRequestAlert } from '@/features/predictions/components/running-request-alert';
import { useRunningRequest } from '@/features/predictions/hooks/use-running-request';
import { type OpenedPrediction, ProjectWorkspace, VIEWER_ID } from './project-workspace';
import { RoleGate } from '@/components/ui/role-gate';
import { ShareButton } from '@/features/sharing/components/share-button';

/** A positive whole number from the URL, null when absent, NaN when it is not one. */
function idParam(value: string | undefined): number | null {
  if (value === undefined) return null;
  return /^[1-9]\d{0,15}$/.test(value) ? Number(value) : Number.NaN;
}

/**
 * The projects page (spec §2.3, §4): composes the projects, images and predictions features. The
 * selected project and image are the URL's (/projects/12/images/345/, issue 22), so back, reload
 * and shared links keep them; choosing a project drops the image, as the spec's selection does.
 * Coming back to /projects/ from another page reopens the project and image last open (issue 45 §6).
 */
export function ProjectsRoute() {
  const params = useParams();
  const navigate = useNavigate();
  const projectId = idParam(params.projectId);
  const imageId = idParam(params.imageId);
  const projects = useProjects();
  const { running, requestId, progress } = useRunningRequest();
  const predictionCount = usePredictionCount(
    projectId === null || Number.isNaN(projectId) ? null : projectId,
    running,
  );
  const project =
    projectId === null ? null : (projects.data?.find((candidate) => candidate.id === projectId) ?? null);
  const vessels = useVesselOptions();
  const vesselId = project?.vessel ?? null;
  // Shown once there are vessels to name (the vessels list answers some) or the project names one.
  const vesselName =
    vesselId === null
      ? (vessels.data ?? []).length > 0
        ? null
        : undefined
      : (vessels.data?.find((vessel) => vessel.id === vesselId)?.name ?? `Vessel ${vesselId}`);

  const vesselNames = useMemo(
    () => new Map((vessels.data ?? []).map((vessel) => [vessel.id, vessel.name])),
    [vessels.data],
  );

  const selectProject = useCallback(
    (id: number | null) => {
      if (id === null) forgetLastOpenedProject();
      void navigate(id === null ? paths.app.projects : paths.app.project(id));
    },
    [navigate],
  );

  useRememberOpenedProject(project && !Number.isNaN(imageId) ? { projectId: project.id, imageId } : null);
  const projectList = projects.isSuccess ? projects.data : null;
  useEffect(() => {
    if (projectId !== null || projectList === null) return;
    const last = lastOpenedProject();
    if (!last) return;
    if (!projectList.some((candidate) => candidate.id === last.projectId)) {
      forgetLastOpenedProject();
      return;
    }
    void navigate(
      last.imageId === null
        ? paths.app.project(last.projectId)
        : paths.app.projectImage(last.projectId, last.imageId),
      { replace: true },
    );
  }, [projectId, projectList, navigate]);
  /** A photo chosen in the summary or on the plan opens in the viewer with that prediction. */
  const openImage = (image: InspectedImage) =>
    project &&
    void navigate(paths.app.projectImage(project.id, image.image_id), {
      state: { predictionId: image.prediction_id } satisfies OpenedPrediction,
    });

  if (Number.isNaN(projectId) || Number.isNaN(imageId)) return <NotFound />;
  const unknownProject = projectId !== null && projects.isSuccess && project === null;

  return (
    <Box>
      {project !== null && <SkipLink target={VIEWER_ID}>Skip to the viewer</SkipLink>}
      <PageTitle>Projects</PageTitle>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
          <ProjectSelect
            projects={projects.data ?? []}
            vesselNames={vesselNames}
            selectedId={projectId}
            onSelect={selectProject}
          />
          <RoleGate role="member">
            <CreateProjectButton onCreated={(created) => selectProject(created.id)} />
            <EditProjectButton project={project} disabled={running} onDeleted={() => selectProject(null)} />
          </RoleGate>
          <DownloadAllButton projectId={project ? project.id : null} requestRunning={running} />
          <DownloadReportButton
            projectId={project ? project.id : null}
            requestRunning={running}
            hasPredictions={(predictionCount.data?.prediction_count ?? 0) > 0}
          />
          <RoleGate role="member">
            <ShareButton projectId={project ? project.id : null} />
          </RoleGate>
          <InspectionSummaryButton
            projectId={project ? project.id : null}
            requestRunning={running}
            onOpenImage={openImage}
          />
          <InspectionAreasButton projectId={project ? project.id : null} onOpenImage={openImage} />
          {running ? (
            <RunningRequestAlert requestId={requestId} progress={progress} />
          ) : (
            <LastRunAlert projectId={project ? project.id : null} />
          )}
        </Stack>
      </Paper>

      {project !== null && <ProjectDetails project={project} vesselName={vesselName} />}
      {project !== null && <VerifiedRecordBar projectId={project.id} />}

      {project === null ? (
        unknownProject ? (
          <Alert severity="warning">
            This project does not exist or was deleted. Select a project or create a new one.
          </Alert>
        ) : (
          <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
            <Typography color="text.secondary">
              Select a project or create a new one to upload images and run predictions.
            </Typography>
          </Paper>
        )
      ) : (
        <ProjectWorkspace key={project.id} projectId={project.id} imageId={imageId} running={running} />
      )}
    </Box>
  );
}
