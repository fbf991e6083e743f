import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { QUALITY_GRADES, qualityGradeLabels } from '@hullscope/contract';
import type { ImageArrangement, ImageSort, PredictionFilter, QualityFilter } from '../lib/arrange-images';

/** A model × resolution pair the prediction filter offers, with what people read for it. */
export interface PredictionKind {
  modelId: number;
  resolutionId: number;
  label: string;
}

const sortLabels: Record<ImageSort, string> = {
  oldest: 'Upload date, oldest first',
  newest: 'Upload date, newest first',
  'name-asc': 'Name, A to Z',
  'name-desc': 'Name, Z to A',
};

const filterValue = (filter: PredictionFilter) =>
  filter.kind === 'any' ? 'any' : `${filter.kind}:${filter.modelId}:${filter.resolutionId}`;

function parseFilter(value: string): PredictionFilter {
  const [kind, modelId, resolutionId] = value.split(':');
  if ((kind === 'with' || kind === 'without') && modelId && resolutionId) {
    return { kind, modelId: Number(modelId), resolutionId: Number(resolutionId) };
  }
  return { kind: 'any' };
}

interface ImageArrangeBarProps {
  value: ImageArrangement;
  onChange: (value: ImageArrangement) => void;
  predictionKinds: PredictionKind[];
}

/**
 * Search by name, sort by name or upload date, and keep the images with or without a prediction or
 * of one photo quality.
 */
export function ImageArrangeBar({ value, onChange, predictionKinds }: ImageArrangeBarProps) {
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
      <TextField
        size="small"
        type="search"
        label="Search by name"
        value={value.search}
        onChange={(event) => onChange({ ...value, search: event.target.value })}
        sx={{ flex: '1 1 140px' }}
      />
      <TextField
        select
        size="small"
        label="Sort by"
        value={value.sort}
        onChange={(event) => onChange({ ...value, sort: event.target.value as ImageSort })}
        sx={{ flex: '1 1 140px' }}
      >
        {Object.entries(sortLabels).map(([sort, label]) => (
          <MenuItem key={sort} value={sort}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Predictions"
        value={filterValue(value.prediction)}
        onChange={(event) => onChange({ ...value, prediction: parseFilter(event.target.value) })}
        sx={{ flex: '1 1 180px' }}
      >
        <MenuItem value="any">Any</MenuItem>
        {predictionKinds.flatMap((kind) => [
          <MenuItem
            key={`with-${kind.modelId}-${kind.resolutionId}`}
            value={`with:${kind.modelId}:${kind.resolutionId}`}
          >
            With {kind.label}
          </MenuItem>,
          <MenuItem
            key={`without-${kind.modelId}-${kind.resolutionId}`}
            value={`without:${kind.modelId}:${kind.resolutionId}`}
          >
            Without {kind.label}
          </MenuItem>,
        ])}
      </TextField>
      <TextField
        select
        size="small"
        label="Photo quality"
        value={value.quality}
        onChange={(event) => onChange({ ...value, quality: event.target.value as QualityFilter })}
        sx={{ flex: '1 1 120px' }}
      >
        <MenuItem value="any">Any</MenuItem>
        {QUALITY_GRADES.map((grade) => (
          <MenuItem key={grade} value={grade}>
            {qualityGradeLabels[grade]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
