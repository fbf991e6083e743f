/**
 * How many uploads each user has in progress in this process. An upload holds its files' decodes
 * for seconds and up to hundreds of megabytes each (see media/decoded-size.ts), so one user sending
 * many at once could take the server's memory; past `perUser` they are refused before their body is
 * read. Per process: with several API processes a user may have that many in each.
 */
export interface UploadSlots {
  /** Takes a slot for the user: its release function, or undefined when all of theirs are taken. */
  take(userId: number): (() => void) | undefined;
}

export function uploadSlots(perUser: number): UploadSlots {
  const inProgress = new Map<number, number>();
  return {
    take(userId) {
      const taken = inProgress.get(userId) ?? 0;
      if (taken >= perUser) return undefined;
      inProgress.set(userId, taken + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (inProgress.get(userId) ?? 1) - 1;
        if (left > 0) inProgress.set(userId, left);
        else inProgress.delete(userId);
      };
    },
  };
}
