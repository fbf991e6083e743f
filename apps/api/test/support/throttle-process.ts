import type { ChildProcess } from 'node:child_process';

/**
 * Runs a child process at a fraction of its speed: stopped (SIGSTOP) for `stoppedMs` of every
 * `runningMs + stoppedMs`, so that its work outlasts a step of the test on any machine while still
 * going on during it. The answer lets it run on at full speed.
 */
export function throttleProcess(child: ChildProcess, runningMs: number, stoppedMs: number): () => void {
  let stopped = false;
  let timer = setTimeout(toggle, runningMs);
  function toggle(): void {
    stopped = !stopped;
    child.kill(stopped ? 'SIGSTOP' : 'SIGCONT');
    timer = setTimeout(toggle, stopped ? stoppedMs : runningMs);
  }
  return () => {
    clearTimeout(timer);
    if (stopped) child.kill('SIGCONT');
    stopped = false;
  };
}
