import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useCallback, useId, useRef, useState, type DragEvent } from 'react';
import { type HullZone, UPLOAD_DEFAULT_LIMITS, UPLOAD_FORMATS_TEXT } from '@hullscope/contract';
import { useNotify } from '@/lib/notify';
import { framesToUpload, useVideoFrames } from '../hooks/use-video-frames';
import { useSurveyUpload } from '../hooks/use-survey-upload';
import { filesFromDrop } from '../survey/files-from-drop';
import { useUploadLimits } from '../api/get-upload-limits';
import { HullZoneSelect } from '@/components/form/hull-zone-select';
import { UploadFileRow } from './upload-file-row';
import { UploadReport } from './upload-report';
import { VideoFramesCard } from './video-frames-card';

const IMAGE_NAME = /\.(jpe?g|png|webp|tiff?|bmp|gif|heic|heif|avif)$/i;
const VIDEO_NAME = /\.(mp4|m4v|mov|webm|mkv|ogv|avi)$/i;
const ACCEPT = 'image/*,.heic,.heif,video/*,.mov,.mkv';

function isImage(file: File): boolean {
  return file.type.startsWith('image/') || IMAGE_NAME.test(file.name);
}

function isVideo(file: File): boolean {
  return file.type.startsWith('video/') || VIDEO_NAME.test(file.name);
}

function fileKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

interface UploadDialogProps {
  open: boolean;
  projectId: number;
  onClose: () => void;
}

/**
 * 'Upload Images': images (or a folder of them) added cumulatively by picker or drag and drop, and
 * videos whose frames are read in the browser; all sent in batches the server accepts (issue 24),
 * with overall and per-file progress and, at the end, what was not stored and why.
 */
export function UploadDialog({ open, projectId, onClose }: UploadDialogProps) {
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const folderRef = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [dragging, setDragging] = useState(false);
  const [hullZone, setHullZone] = useState<HullZone | null>(null);
  // The operator's UPLOAD_* settings; the defaults until they have been read.
  const limits = useUploadLimits(open).data;
  const maxFiles = limits?.max_files ?? UPLOAD_DEFAULT_LIMITS.maxFiles;
  const maxFileMb = limits
    ? Math.round(limits.max_file_bytes / (1024 * 1024))
    : UPLOAD_DEFAULT_LIMITS.maxFileMb;
  const maxMegapixels = limits
    ? Math.round(limits.max_pixels / 1_000_000)
    : UPLOAD_DEFAULT_LIMITS.maxMegapixels;
  const videos = useVideoFrames();
  const survey = useSurveyUpload();
  const notify = useNotify();
  const run = survey.run;
  const uploading = run !== null && run.snapshot.phase !== 'done';
  const finished = run !== null && run.snapshot.phase === 'done';
  const locked = run !== null;
  const extracting = videos.jobs.some((job) => job.status === 'extracting');
  const frameCount = framesToUpload(videos.jobs).length;

  const addFiles = (incoming: FileList | File[]) => {
    const candidates = Array.from(incoming);
    const images = candidates.filter(isImage);
    const videoFiles = candidates.filter((file) => !isImage(file) && isVideo(file));
    const skipped = candidates.filter((file) => !isImage(file) && !isVideo(file)).map((file) => file.name);
    if (skipped.length > 0) {
      const count =
        skipped.length === 1
          ? 'a file that is not an image or a video'
          : `${skipped.length} files that are not images or videos`;
      notify.warning(`Skipped ${count}:\n${skipped.join('\n')}`);
    }
    setFiles((current) => {
      const known = new Set(current.map(fileKey));
      const added: File[] = [];
      for (const file of images) {
        if (known.has(fileKey(file))) continue;
        known.add(fileKey(file));
        added.push(file);
      }
      return [...current, ...added];
    });
    if (videoFiles.length > 0) videos.add(videoFiles);
  };

  const close = () => {
    survey.reset();
    videos.clear();
    setFiles([]);
    setDragging(false);
    setHullZone(null);
    onClose();
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (locked) return;
    void filesFromDrop(event.dataTransfer).then(addFiles, (error: unknown) =>
      notify.failure('Reading the dropped files failed', error),
    );
  };

  const start = async () => {
    const chosen = [...files, ...framesToUpload(videos.jobs)];
    const result = await survey.start(projectId, chosen, hullZone);
    if (!result) return;
    const everyFileStored = result.files.every((state) => state.kind === 'stored');
    if (everyFileStored) {
      notify.success('Uploaded images successfully');
      close();
    }
  };

  const removeFile = useCallback(
    (file: File) => setFiles((current) => current.filter((candidate) => candidate !== file)),
    [],
  );

  const snapshot = run?.snapshot;
  const listed = run ? run.files : files;
  const storedCount = snapshot?.files.filter((state) => state.kind === 'stored').length ?? 0;
  const overall =
    snapshot && snapshot.totalBytes > 0 ? Math.round((snapshot.sentBytes / snapshot.totalBytes) * 100) : 0;

  return (
    <Dialog
      open={open}
      onClose={uploading ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id={titleId}>Upload Images</DialogTitle>
      <DialogContent>
        <Box
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="upload-drop-zone"
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: dragging ? 'primary.main' : 'divider',
            borderRadius: 2,
            bgcolor: (theme) => (dragging ? alpha(theme.palette.primary.main, 0.08) : 'transparent'),
            p: 3,
            textAlign: 'center',
            transition: 'background-color 120ms, border-color 120ms',
          }}
        >
          <CloudUploadIcon color="primary" sx={{ fontSize: 40 }} />
          <Typography sx={{ mb: 1 }}>Drag and drop hull images, folders or videos here</Typography>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
            <Button variant="outlined" onClick={() => inputRef.current?.click()} disabled={locked}>
              Add images
            </Button>
            <Button variant="outlined" onClick={() => folderRef.current?.click()} disabled={locked}>
              Add folder
            </Button>
          </Box>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={ACCEPT}
            hidden
            aria-label="Add images"
            onChange={(event) => {
              if (event.target.files) addFiles(event.target.files);
              event.target.value = '';
            }}
          />
          <input
            ref={(input) => {
              folderRef.current = input;
              // Not in React's typings: lets the picker choose a whole folder (with its subfolders).
              input?.setAttribute('webkitdirectory', '');
            }}
            type="file"
            hidden
            aria-label="Add folder"
            onChange={(event) => {
              if (event.target.files) addFiles(event.target.files);
              event.target.value = '';
            }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="upload-limits">
            {UPLOAD_FORMATS_TEXT}, or a video; each image at most {maxFileMb} MB and {maxMegapixels}{' '}
            megapixels. Any number of files: they are sent {maxFiles} at a time.
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Upload only images your business owns or may analyse, without personal data. Videos are read in
            your browser: only the frames you keep are uploaded.
          </Typography>
        </Box>
        <HullZoneSelect
          value={hullZone}
          onChange={setHullZone}
          disabled={locked}
          helperText="The hull area these images show; change it per image later"
          sx={{ mt: 2 }}
        />
        {videos.jobs.map((job) => (
          <VideoFramesCard
            key={job.id}
            job={job}
            disabled={locked}
            onReadAgain={(settings) => videos.rerun(job.id, job.file, settings)}
            onCancel={() => videos.cancel(job.id)}
            onRemove={() => videos.remove(job.id)}
            onToggle={(name) => videos.toggle(job.id, name)}
          />
        ))}
        {snapshot && (
          <Box sx={{ mt: 2 }}>
            <Typography variant="body2">
              {snapshot.phase === 'checking'
                ? `Checking files against the project: ${snapshot.checked} / ${listed.length}`
                : `${snapshot.phase === 'done' ? 'Finished' : 'Uploading'}: ${overall} % · ${storedCount} of ${listed.length} files stored`}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={
                snapshot.phase === 'checking'
                  ? (snapshot.checked / Math.max(1, listed.length)) * 100
                  : overall
              }
              aria-label="Overall upload progress"
              sx={{ mt: 0.5, height: 8, borderRadius: 4 }}
            />
          </Box>
        )}
        {finished && snapshot && <UploadReport files={run.files} snapshot={snapshot} />}
        {listed.length > 0 && (
          <List dense aria-label="Chosen images" sx={{ mt: 1, maxHeight: 280, overflow: 'auto' }}>
            {listed.map((file, index) => (
              <UploadFileRow
                key={`${fileKey(file)}:${index}`}
                file={file}
                state={snapshot?.files[index]}
                onRemove={locked ? undefined : removeFile}
              />
            ))}
          </List>
        )}
        {survey.failure && (
          <Typography color="error" role="alert" sx={{ mt: 1 }}>
            {`Uploading Images failed: ${survey.failure}`}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        {uploading ? (
          <Button onClick={survey.cancel}>Cancel</Button>
        ) : finished ? (
          <Button variant="contained" onClick={close}>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={close}>Cancel</Button>
            <Button
              variant="contained"
              disabled={(files.length === 0 && frameCount === 0) || extracting}
              onClick={() => void start()}
            >
              Upload
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
