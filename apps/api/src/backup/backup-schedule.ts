import type { Config } from '../config.js';
import { backupsIn } from './backup-folders.js';
import { backupInto } from './installation-backup.js';

interface ScheduleLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

const HOUR_MS = 3_600_000;
/** Never sooner than this after a start, so a restart loop does not back up on every start. */
const FIRST_RUN_MIN_DELAY_MS = 60_000;

/** When the next backup is due: one interval after the newest complete one, or after this start. */
async function nextDelayMs(config: Config): Promise<number> {
  const intervalMs = config.backup.intervalHours * HOUR_MS;
  const newest = (await backupsIn(config.backup.dir)).filter((found) => found.manifest).at(-1);
  if (!newest) return intervalMs;
  const due = Date.parse(newest.manifest!.finished_at) + intervalMs;
  return Math.max(FIRST_RUN_MIN_DELAY_MS, due - Date.now());
}

/**
 * Backs the installation up every BACKUP_INTERVAL_HOURS into BACKUP_DIR, keeping BACKUP_KEEP
 * backups, with each outcome in the log and in BACKUP_DIR's outcome log. `stop` cancels the next run;
 * one in progress is left to finish or, if the process ends first, to be pruned as incomplete.
 */
export function scheduleBackups(config: Config, log: ScheduleLog): { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function run(): Promise<void> {
    try {
      const outcome = await backupInto(config, config.backup.dir, config.backup.keep);
      log.info(
        {
          folder: outcome.folder,
          files: outcome.files,
          bytesWritten: outcome.bytes_written,
          removed: outcome.removed,
        },
        'scheduled backup finished',
      );
    } catch (error) {
      log.error({ err: error, dir: config.backup.dir }, 'scheduled backup failed');
    }
  }

  async function plan(): Promise<void> {
    if (stopped) return;
    const delay = await nextDelayMs(config).catch(() => config.backup.intervalHours * HOUR_MS);
    if (stopped) return;
    timer = setTimeout(() => {
      void run().then(plan);
    }, delay);
    timer.unref();
  }

  if (config.backup.intervalHours > 0) void plan();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
