const DAY_MS = 86_400_000;

/**
 * Runs `task` now and then once a day until `signal` aborts. The timer does not keep the process
 * alive; `task` reports its own failures (it is not awaited).
 */
export function repeatDaily(task: () => void, signal: AbortSignal): void {
  task();
  const timer = setInterval(task, DAY_MS);
  timer.unref();
  signal.addEventListener('abort', () => clearInterval(timer), { once: true });
}
