import { peakRssMb, procCpuMs, resetPeakRss } from './bench-support.js';

/** A process of the product under a benchmark (the server, a worker), by its name in the printout. */
export interface WatchedPid {
  label: string;
  pid: number;
}

/** Peak RSS and CPU time of one process over one stage of a benchmark. */
export interface StageUsage {
  label: string;
  peakRssMb: number | undefined;
  cpuMs: number | undefined;
}

/**
 * Marks the start of a stage for every process: their peak-RSS marks (Linux VmHWM) are lowered to
 * their current RSS and their CPU time is read; `end()` then answers each one's peak and CPU time
 * since. Where there is no /proc, both are undefined.
 */
export function watchStage(processes: WatchedPid[]): { end(): StageUsage[] } {
  const cpuBefore = processes.map(({ pid }) => {
    resetPeakRss(pid);
    return procCpuMs(pid);
  });
  return {
    end: () =>
      processes.map(({ label, pid }, index) => {
        const before = cpuBefore[index];
        const after = procCpuMs(pid);
        return {
          label,
          peakRssMb: peakRssMb(pid),
          cpuMs: before === undefined || after === undefined ? undefined : after - before,
        };
      }),
  };
}
