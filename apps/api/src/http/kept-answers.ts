/** One key's answer at one version, settled or still being made. */
interface Kept<T> {
  version: string;
  answer: Promise<T | undefined>;
  /** Counted once settled; 0 while being made or when nothing was kept. */
  bytes: number;
  /** Drops the answer once nobody has asked for it for the idle time; set once it is settled. */
  idleTimer?: NodeJS.Timeout;
}

/**
 * Answers made once per version and sent many times, one version per key (e.g. a project's list at
 * its ETag): asking for a new version drops the old one, which no request can be answered with any
 * more. Requests that ask while a version is being made share that one making instead of each
 * starting their own: 50 clients polling a list that has just changed cost one build, not fifty.
 * Settled answers are held up to `maxBytes` in all, the least recently used dropped first, and, with
 * `idleMs`, dropped once nobody has asked for them for that long: the memory serves clients that
 * poll, not a project somebody looked at once.
 */
export class KeptAnswers<T> {
  private readonly entries = new Map<string, Kept<T>>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (answer: T) => number,
    private readonly idleMs?: number,
  ) {}

  /**
   * The answer for `key` at `version`: kept, being made, or made now by `make`. `make` answering
   * undefined (the answer is not worth keeping, e.g. too large) is remembered for the version too,
   * so later requests go their other way at once; a failed `make` is forgotten, and tried again by
   * the next request.
   */
  get(key: string, version: string, make: () => Promise<T | undefined>): Promise<T | undefined> {
    const kept = this.entries.get(key);
    if (kept?.version === version) {
      // Put back as the most recently used.
      this.entries.delete(key);
      this.entries.set(key, kept);
      kept.idleTimer?.refresh();
      return kept.answer;
    }
    if (kept) this.drop(key, kept);
    const entry: Kept<T> = { version, answer: make(), bytes: 0 };
    this.entries.set(key, entry);
    entry.answer.then(
      (answer) => {
        if (this.entries.get(key) !== entry) return;
        // "Not worth keeping" holds no bytes but still goes after the idle time, as answers do.
        if (answer !== undefined) {
          entry.bytes = this.sizeOf(answer);
          this.bytes += entry.bytes;
        }
        if (this.idleMs !== undefined) {
          entry.idleTimer = setTimeout(() => this.drop(key, entry), this.idleMs);
          // A kept answer is no reason to keep the process running.
          entry.idleTimer.unref();
        }
        this.trim();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.answer;
  }

  /** Drops every answer and its idle timer (the app closing); answers being made are forgotten. */
  clear(): void {
    for (const [key, entry] of this.entries) this.drop(key, entry);
  }

  /** Keys held, kept or being made or remembered as not worth keeping. */
  get size(): number {
    return this.entries.size;
  }

  get heldBytes(): number {
    return this.bytes;
  }

  private drop(key: string, entry: Kept<T>): void {
    if (this.entries.get(key) !== entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    clearTimeout(entry.idleTimer);
  }

  private trim(): void {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      // Answers still being made hold no counted bytes: dropping them frees nothing.
      if (entry.bytes > 0) this.drop(key, entry);
    }
  }
}
