// The page of `npm run bench:mask-editor`: the product's MaskEditor on a generated Full HD mask.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { MaskEditor } from '../../apps/web/src/features/predictions/mask-editor/mask-editor';
import { editorTimings } from '../../apps/web/src/features/predictions/mask-editor/mask-painter';

const CLASSES = [
  { label: 'Background', hex: '#000000' },
  { label: 'Clean Structure', hex: '#1f77b4' },
  { label: 'Slime', hex: '#2ca02c' },
  { label: 'Soft fouling', hex: '#ff7f0e' },
  { label: 'Hard fouling', hex: '#d62728' },
  { label: 'Macroalgae', hex: '#9467bd' },
];

/** A photo stand-in: a small gradient the browser stretches, as the viewer stretches any photo. */
function photo(): string {
  const canvas = document.createElement('canvas');
  canvas.width = 192;
  canvas.height = 108;
  const context = canvas.getContext('2d')!;
  const gradient = context.createLinearGradient(0, 0, 192, 108);
  gradient.addColorStop(0, '#384a5a');
  gradient.addColorStop(1, '#8a7f6a');
  context.fillStyle = gradient;
  context.fillRect(0, 0, 192, 108);
  return canvas.toDataURL('image/png');
}

export function mount(width: number, height: number): void {
  // Blocks of every class, as a model's mask has regions rather than noise.
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) data[y * width + x] = ((x >> 7) + (y >> 7)) % CLASSES.length;
  }
  const mask = { width, height, data };
  createRoot(document.getElementById('root')!).render(
    createElement(MaskEditor, {
      photo: photo(),
      photoName: 'bench',
      mask,
      original: data.slice(),
      classes: CLASSES,
      initialOpacity: 0.5,
      saving: false,
      onSave: () => undefined,
      onCancel: () => undefined,
    }),
  );
}

/** Frame times: requestAnimationFrame deltas while recording, and the editor's own work per frame. */
const frames: number[] = [];
let recording = false;
let last = 0;
const tick = (now: number) => {
  if (recording && last > 0) frames.push(now - last);
  last = now;
  requestAnimationFrame(tick);
};
requestAnimationFrame(tick);

export function startRecording(): void {
  frames.length = 0;
  editorTimings.redraws.length = 0;
  editorTimings.strokes.length = 0;
  editorTimings.enabled = true;
  last = 0;
  recording = true;
}

export function stopRecording(): { frames: number[]; redraws: number[]; strokes: number[] } {
  recording = false;
  editorTimings.enabled = false;
  return { frames: [...frames], redraws: [...editorTimings.redraws], strokes: [...editorTimings.strokes] };
}
