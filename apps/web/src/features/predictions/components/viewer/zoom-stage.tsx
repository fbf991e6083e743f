import CenterFocusStrongIcon from '@mui/icons-material/CenterFocusStrong';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useRef, useState } from 'react';
import { type ReactZoomPanPinchContentRef, TransformComponent, TransformWrapper } from 'react-zoom-pan-pinch';

/** As tall as a laptop screen allows beside the page's header; all of the screen in full screen. */
export const STAGE_HEIGHT = { xs: 320, md: 'min(70vh, 720px)' } as const;
const MAX_SCALE = 16;

interface ZoomStageProps {
  children: ReactNode;
  /** Controls shown before the zoom buttons (view mode, and so on). */
  toolbar?: ReactNode;
  /**
   * While a mask is edited the left button paints: the stage pans only with the middle button, or
   * with the left one while `panWithLeftButton` (the hand tool, or Space held); double clicks do not zoom.
   */
  editing?: boolean;
  panWithLeftButton?: boolean;
}

/**
 * Zoom (wheel, pinch, buttons) and pan over its content with react-zoom-pan-pinch; the content fills
 * the stage's width and height, its images letterboxed with object-fit: contain.
 */
export function ZoomStage({ children, toolbar, editing = false, panWithLeftButton = false }: ZoomStageProps) {
  const zoom = useRef<ReactZoomPanPinchContentRef>(null);
  const [scale, setScale] = useState(1);

  return (
    <Box>
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap" sx={{ mb: 1 }}>
        {toolbar}
        <Box sx={{ flex: 1 }} />
        <Tooltip title="Zoom out">
          <span>
            <IconButton
              aria-label="Zoom out"
              disabled={scale <= 1}
              onClick={() => zoom.current?.zoomOut(0.5)}
            >
              <ZoomOutIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Typography variant="body2" data-testid="zoom-level" sx={{ width: 48, textAlign: 'center' }}>
          {Math.round(scale * 100)} %
        </Typography>
        <Tooltip title="Zoom in">
          <span>
            <IconButton
              aria-label="Zoom in"
              disabled={scale >= MAX_SCALE}
              onClick={() => zoom.current?.zoomIn(0.5)}
            >
              <ZoomInIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Fit to view">
          <IconButton aria-label="Fit to view" onClick={() => zoom.current?.resetTransform()}>
            <CenterFocusStrongIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box
        data-testid="zoom-stage"
        sx={{
          height: STAGE_HEIGHT,
          borderRadius: 1,
          overflow: 'hidden',
          bgcolor: 'grey.900',
          cursor:
            editing && !panWithLeftButton ? 'crosshair' : scale > 1 || panWithLeftButton ? 'grab' : 'default',
          ':fullscreen &': { height: 'calc(100vh - 220px)' },
          '& .react-transform-wrapper, & .react-transform-component': { width: '100%', height: '100%' },
        }}
      >
        <TransformWrapper
          ref={zoom}
          minScale={1}
          maxScale={MAX_SCALE}
          onTransform={(_, state) => setScale(state.scale)}
          doubleClick={{ mode: 'zoomIn', disabled: editing }}
          panning={{ allowLeftClickPan: !editing || panWithLeftButton, allowMiddleClickPan: true }}
        >
          <TransformComponent
            wrapperStyle={{ width: '100%', height: '100%' }}
            contentStyle={{ width: '100%', height: '100%' }}
          >
            {children}
          </TransformComponent>
        </TransformWrapper>
      </Box>
    </Box>
  );
}
