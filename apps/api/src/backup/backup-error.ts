/** A backup or restore that cannot go on; the message says why and what to do, for an operator. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}
