import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useId, useRef, useState, type DragEvent } from 'react';
import { type HullZone, MAX_IMAGE_NAME_LENGTH, shortenFileName } from '@hullscope/contract';
import { useNotify } from '@/lib/notify';
import { useUploadImages } from '../api/upload-images';
import { HullZoneSelect } from './hull-zone-select';

const IMAGE_NAME = /\.(jpe?g|png|webp|tiff?|bmp|gif|heic|heif|avif)$/i;
const ACCEPT = 'image/*,.heic,.heif';
/** A long name is listed with its start and extension, as the server will keep it; the title has it whole. */
const LISTED_NAME_LENGTH = 60;

function isImage(file: File): boolean {
  return file.type.startsWith('image/') || IMAGE_NAME.test(file.name);
}

function fileKey(file: File): string {
  return `${file.name}:${file.size}:${file.lastModified}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Per-file percentages from the bytes the one multipart request has sent: the files travel in
 * order, so each file's share is the part of the sent bytes that falls within its own range.
 */
export function perFileProgress(sizes: number[], loaded: number, total: number): number[] {
  const sum = sizes.reduce((accumulated, size) => accumulated + size, 0);
  const sent = total > 0 ? (Math.min(loaded, total) / total) * sum : 0;
  let offset = 0;
  return sizes.map((size) => {
    const start = offset;
    offset += size;
    if (size === 0) return sent >= start ? 100 : 0;
    return Math.round(Math.min(100, Math.max(0, ((sent - start) / size) * 100)));
  });
}

interface UploadDialogProps {
  open: boolean;
  projectId: number;
  onClose: () => void;
}

/** 'Upload Images': files added cumulatively by picker or drag and drop, sent as one request. */
export function UploadDialog({ open, projectId, onClose }: UploadDialogProps) {
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number[]>([]);
  const [dragging, setDragging] = useState(false);
  const [hullZone, setHullZone] = useState<HullZone | null>(null);
  const upload = useUploadImages();
  const notify = useNotify();
  const uploading = upload.isPending;

  const addFiles = (incoming: FileList | File[]) => {
    const candidates = Array.from(incoming);
    const images = candidates.filter(isImage);
    const skipped = candidates.filter((file) => !isImage(file)).map((file) => file.name);
    if (skipped.length > 0) {
      const count =
        skipped.length === 1 ? 'a file that is not an image' : `${skipped.length} files that are not images`;
      notify.warning(`Skipped ${count}:\n${skipped.join('\n')}`);
    }
    setFiles((current) => {
      const known = new Set(current.map(fileKey));
      return [...current, ...images.filter((file) => !known.has(fileKey(file)))];
    });
    setProgress([]);
  };

  const close = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    setFiles([]);
    setProgress([]);
    setDragging(false);
    setHullZone(null);
    onClose();
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) addFiles(event.dataTransfer.files);
  };

  const start = () => {
    const controller = new AbortController();
    abortRef.current = controller;
    const sizes = files.map((file) => file.size);
    setProgress(sizes.map(() => 0));
    upload.mutate(
      {
        projectId,
        files,
        hullZone,
        signal: controller.signal,
        onProgress: ({ loaded, total }) => setProgress(perFileProgress(sizes, loaded, total)),
      },
      {
        onSuccess: () => {
          abortRef.current = null;
          notify.success('Uploaded images successfully');
          close();
        },
        onError: (error) => {
          abortRef.current = null;
          // The refusal names each file with its reason: one line each, not one run-on sentence.
          if (!controller.signal.aborted)
            notify.failureLines('Uploading Images failed', error, { images: '' });
          setProgress([]);
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
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
          <Typography sx={{ mb: 1 }}>Drag and drop hull images here</Typography>
          <Button variant="outlined" onClick={() => inputRef.current?.click()} disabled={uploading}>
            Add images
          </Button>
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
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Upload only images your business owns or may analyse, without personal data.
          </Typography>
        </Box>
        <HullZoneSelect
          value={hullZone}
          onChange={setHullZone}
          disabled={uploading}
          helperText="The hull area these images show; change it per image later"
          sx={{ mt: 2 }}
        />
        {files.length > 0 && (
          <List dense aria-label="Chosen images" sx={{ mt: 1, maxHeight: 280, overflow: 'auto' }}>
            {files.map((file, index) => (
              <ListItem
                key={fileKey(file)}
                disableGutters
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={`Remove ${file.name}`}
                    disabled={uploading}
                    onClick={() => setFiles((current) => current.filter((candidate) => candidate !== file))}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                }
              >
                <Box sx={{ flex: 1, pr: 5, minWidth: 0 }}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                    <Typography variant="body2" noWrap title={file.name}>
                      {shortenFileName(file.name, LISTED_NAME_LENGTH)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                      {progress[index] !== undefined ? `${progress[index]} % · ` : ''}
                      {formatBytes(file.size)}
                    </Typography>
                  </Box>
                  {Array.from(file.name).length > MAX_IMAGE_NAME_LENGTH && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      Its name is longer than {MAX_IMAGE_NAME_LENGTH} characters: it is kept with its start
                      and extension, shortened in the middle.
                    </Typography>
                  )}
                  <LinearProgress
                    variant="determinate"
                    value={progress[index] ?? 0}
                    aria-label={`Upload progress of ${file.name}`}
                    sx={{ mt: 0.5, height: 6, borderRadius: 3 }}
                  />
                </Box>
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" disabled={files.length === 0} loading={uploading} onClick={start}>
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
}
