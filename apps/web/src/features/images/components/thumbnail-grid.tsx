import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  type Virtualizer,
  measureElement,
  observeElementRect,
  useVirtualizer,
} from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { ListedImage } from '../lib/listed-image';
import { rovingStep } from '../lib/roving-step';
import { ThumbnailTile } from './thumbnail-tile';

interface ThumbnailGridProps {
  /** Every image to list, in the order shown: only the rows in view (and a few around) are drawn. */
  images: readonly ListedImage[];
  /** An image's picture, or undefined while its page of thumbnails is not there (a blank shows). */
  thumbnailOf: (imageId: number) => string | undefined;
  /** Told which images are drawn whenever that changes, so their thumbnails can be fetched. */
  onDrawnChange?: (imageIds: number[]) => void;
  selectedId: number | null;
  onSelect: (imageId: number) => void;
  /** Shown when there are no images; by default the invitation to upload. */
  emptyText?: string;
  /** Each image's number of predictions; an image missing here shows no mark. */
  predictionCounts?: ReadonlyMap<number, number>;
  /** The images ticked for a batch action (issue 22); without onCheck no check boxes are shown. */
  checked?: ReadonlySet<number>;
  onCheck?: (imageId: number, checked: boolean) => void;
}

const COLUMNS = 2;
const MAX_HEIGHT_PX = 450;
/** A row's height before it is measured: a 4:3 picture of half the column, its caption and the gap. */
const ROW_ESTIMATE_PX = 160;
/** Rows drawn beyond each edge of the view, so a short scroll shows pictures already there. */
const OVERSCAN_ROWS = 2;

/**
 * The scroll area's size as laid out; one not laid out (yet, or hidden, or in a test's DOM) counts
 * as its full height, so it draws the first view's tiles rather than none.
 */
function observeScrollArea(
  instance: Virtualizer<HTMLDivElement, HTMLDivElement>,
  report: (rect: { width: number; height: number }) => void,
) {
  return observeElementRect(instance, (rect) =>
    report(rect.height > 0 ? rect : { ...rect, height: MAX_HEIGHT_PX }),
  );
}

/** A row's height as laid out; one not laid out measures 0 and keeps the estimate instead. */
const measureRow: typeof measureElement<HTMLDivElement> = (element, entry, instance) =>
  measureElement(element, entry, instance) || ROW_ESTIMATE_PX;

/**
 * Two columns, scrolling beyond 450 px; the selected image has a dashed blue border (spec §2.3).
 * Virtualised (issue 21): a 2,000-image project draws a dozen tiles, and the selected image is
 * scrolled into view, also when a link or the pager names one far down the list.
 */
export function ThumbnailGrid({
  emptyText = 'No images yet. Upload hull images to get started.',
  ...grid
}: ThumbnailGridProps) {
  if (grid.images.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {emptyText}
      </Typography>
    );
  }
  // Made once there are images, so it starts at the selected one's row.
  return <VirtualGrid {...grid} />;
}

function VirtualGrid({
  images,
  thumbnailOf,
  onDrawnChange,
  selectedId,
  onSelect,
  predictionCounts,
  checked,
  onCheck,
}: Omit<ThumbnailGridProps, 'emptyText'>) {
  const scroller = useRef<HTMLDivElement>(null);
  const selectedIndex = images.findIndex((image) => image.id === selectedId);
  const selectedRow = selectedIndex < 0 ? null : Math.floor(selectedIndex / COLUMNS);
  const virtualizer = useVirtualizer({
    count: Math.ceil(images.length / COLUMNS),
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: OVERSCAN_ROWS,
    observeElementRect: observeScrollArea,
    measureElement: measureRow,
    // Opened with an image selected (a link, a reload): start at its row, before anything is measured.
    initialOffset: () => (selectedRow ?? 0) * ROW_ESTIMATE_PX,
    getItemKey: (row) => images[row * COLUMNS]?.id ?? row,
  });
  // Roving tab stop (issue 45 §15): Tab reaches one tile (the selected one, else the first); the
  // arrow keys, Home and End move between tiles and open them, so the viewer is not behind two stops
  // per image.
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const focusTarget = useRef<number | null>(null);
  const activeId =
    focusedId !== null && images.some((image) => image.id === focusedId)
      ? focusedId
      : selectedIndex >= 0
        ? selectedId
        : (images[0]?.id ?? null);

  useEffect(() => {
    const id = focusTarget.current;
    if (id === null) return;
    const button = scroller.current?.querySelector<HTMLElement>(`[data-image-id="${id}"] button`);
    if (!button) return;
    focusTarget.current = null;
    button.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.target instanceof HTMLElement) || event.target.tagName !== 'BUTTON') return;
    const from = images.findIndex((image) => image.id === activeId);
    const to = rovingStep(event.key, from, images.length, COLUMNS);
    if (to === null) return;
    // Taken here, so the image pager's ← and → (window-wide) leave it alone; the image opens as the
    // pager would open it, so the selection follows the focus.
    event.preventDefault();
    const id = images[to]!.id;
    setFocusedId(id);
    focusTarget.current = id;
    onSelect(id);
    virtualizer.scrollToIndex(Math.floor(to / COLUMNS), { align: 'auto' });
  };

  const rows = virtualizer.getVirtualItems();
  const drawn = rows.flatMap((row) =>
    images.slice(row.index * COLUMNS, (row.index + 1) * COLUMNS).map((image) => image.id),
  );
  const drawnKey = drawn.join(',');

  useEffect(() => {
    onDrawnChange?.(drawnKey === '' ? [] : drawnKey.split(',').map(Number));
  }, [drawnKey, onDrawnChange]);

  useEffect(() => {
    if (selectedRow !== null) virtualizer.scrollToIndex(selectedRow, { align: 'auto' });
  }, [selectedId, selectedRow, virtualizer]);

  return (
    <Box
      ref={scroller}
      role="list"
      aria-label="Project images"
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        const tile = (event.target as HTMLElement).closest<HTMLElement>('[data-image-id]');
        if (tile) setFocusedId(Number(tile.dataset.imageId));
      }}
      sx={{ maxHeight: MAX_HEIGHT_PX, overflowY: 'auto', p: 0.5 }}
    >
      <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {rows.map((row) => (
          <Box
            key={row.key}
            ref={virtualizer.measureElement}
            data-index={row.index}
            sx={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${row.start}px)`,
              display: 'grid',
              gridTemplateColumns: `repeat(${COLUMNS}, minmax(0, 1fr))`,
              gap: 1,
              pb: 1,
            }}
          >
            {images.slice(row.index * COLUMNS, (row.index + 1) * COLUMNS).map((image) => (
              <ThumbnailTile
                key={image.id}
                image={image}
                base64={thumbnailOf(image.id)}
                selected={image.id === selectedId}
                onSelect={onSelect}
                predictionCount={predictionCounts?.get(image.id)}
                checked={checked?.has(image.id) ?? false}
                onCheck={onCheck}
                tabbable={image.id === activeId}
              />
            ))}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
