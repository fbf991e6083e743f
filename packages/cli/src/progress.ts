import { SingleBar } from 'cli-progress';

/**
 * A progress bar on standard error, so standard output keeps only results; cli-progress draws it
 * only on a terminal, so logs and CI output stay free of redraws.
 */
export function progressBar(label: string, unit: 'files' | 'images' | 'bytes') {
  const value = unit === 'bytes' ? '{percentage}%' : `{value}/{total} ${unit}`;
  return new SingleBar({
    format: `${label} [{bar}] ${value}{suffix}`,
    stream: process.stderr,
    hideCursor: true,
    clearOnComplete: false,
    barsize: 30,
  });
}
