import type { WorkerRegistrar } from '../../feature-context.js';
import { dataExportHandler } from './run-data-export.js';

/** Builds data exports: 'data-export' jobs. */
export const registerExportJobs: WorkerRegistrar = ({ jobs, db, storage, mailer, config, log }) => {
  jobs.handle('data-export', dataExportHandler({ db, storage, mailer, config, log }));
};
