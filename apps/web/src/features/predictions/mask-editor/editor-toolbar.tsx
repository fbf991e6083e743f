import BrushIcon from '@mui/icons-material/Brush';
import FindReplaceIcon from '@mui/icons-material/FindReplace';
import GestureIcon from '@mui/icons-material/Gesture';
import PanToolIcon from '@mui/icons-material/PanTool';
import RedoIcon from '@mui/icons-material/Redo';
import RestoreIcon from '@mui/icons-material/SettingsBackupRestore';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { MAX_BRUSH, MIN_BRUSH, type MaskTool } from './shortcuts';

export interface EditorClass {
  label: string;
  hex: string;
}

interface EditorToolbarProps {
  tool: MaskTool;
  onTool: (tool: MaskTool) => void;
  classes: readonly EditorClass[];
  classIndex: number;
  onClassIndex: (index: number) => void;
  replaceFrom: number;
  onReplaceFrom: (index: number) => void;
  brushSize: number;
  onBrushSize: (size: number) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
}

const swatch = (hex: string) => (
  <Box
    component="span"
    aria-hidden
    sx={{
      width: 12,
      height: 12,
      borderRadius: 0.5,
      bgcolor: hex,
      mr: 1,
      display: 'inline-block',
      border: 1,
      borderColor: 'divider',
    }}
  />
);

function ClassSelect({
  label,
  classes,
  value,
  onChange,
}: {
  label: string;
  classes: readonly EditorClass[];
  value: number;
  onChange: (index: number) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={String(value)}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 180 }}
    >
      {classes.map((entry, index) => (
        <MenuItem key={entry.label} value={String(index)}>
          {swatch(entry.hex)}
          {index < 9 ? `${index + 1} · ` : ''}
          {entry.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The editor's tools, class choice, brush size and undo/redo. */
export function EditorToolbar(props: EditorToolbarProps) {
  const sizeLabel = useId();
  const { tool, classes } = props;
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" useFlexGap flexWrap="wrap">
      <ToggleButtonGroup
        size="small"
        exclusive
        aria-label="Tool"
        value={tool}
        onChange={(_, value: MaskTool | null) => value && props.onTool(value)}
      >
        <ToggleButton value="brush" aria-label="Brush (B)">
          <Tooltip title="Brush (B)">
            <BrushIcon fontSize="small" />
          </Tooltip>
        </ToggleButton>
        <ToggleButton value="restore" aria-label="Restore brush (R)">
          <Tooltip title="Restore the model's label (R)">
            <RestoreIcon fontSize="small" />
          </Tooltip>
        </ToggleButton>
        <ToggleButton value="lasso" aria-label="Lasso fill (L)">
          <Tooltip title="Lasso fill (L)">
            <GestureIcon fontSize="small" />
          </Tooltip>
        </ToggleButton>
        <ToggleButton value="replace" aria-label="Replace in lasso (X)">
          <Tooltip title="Replace one class inside a lasso (X)">
            <FindReplaceIcon fontSize="small" />
          </Tooltip>
        </ToggleButton>
        <ToggleButton value="pan" aria-label="Pan (H)">
          <Tooltip title="Pan (H, or hold Space)">
            <PanToolIcon fontSize="small" />
          </Tooltip>
        </ToggleButton>
      </ToggleButtonGroup>
      {tool === 'replace' && (
        <ClassSelect
          label="Replace"
          classes={classes}
          value={props.replaceFrom}
          onChange={props.onReplaceFrom}
        />
      )}
      <ClassSelect
        label={tool === 'replace' ? 'With' : 'Class'}
        classes={classes}
        value={props.classIndex}
        onChange={props.onClassIndex}
      />
      <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 220 }}>
        <Typography id={sizeLabel} variant="body2" sx={{ flexShrink: 0 }}>
          Brush
        </Typography>
        <Slider
          aria-labelledby={sizeLabel}
          min={MIN_BRUSH}
          max={MAX_BRUSH}
          value={props.brushSize}
          onChange={(_, value) => props.onBrushSize(Array.isArray(value) ? (value[0] ?? MIN_BRUSH) : value)}
        />
        <Typography variant="body2" data-testid="brush-size" sx={{ width: 52, textAlign: 'right' }}>
          {props.brushSize} px
        </Typography>
      </Stack>
      <Tooltip title="Undo (Ctrl+Z)">
        <span>
          <IconButton aria-label="Undo" disabled={!props.canUndo} onClick={props.onUndo}>
            <UndoIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Redo (Ctrl+Shift+Z)">
        <span>
          <IconButton aria-label="Redo" disabled={!props.canRedo} onClick={props.onRedo}>
            <RedoIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}
