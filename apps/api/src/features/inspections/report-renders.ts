import type { FastifyReply } from 'fastify';
import { tooManyRequests } from '../../http/api-error.js';
import { waitingSlots } from '../../lib/waiting-slots.js';

export interface ReportRenderSettings {
  /** Reports rendered at once in this process (REPORT_RENDERS_AT_ONCE). */
  atOnce: number;
  /** Reports one user may have rendering or waiting in this process (REPORT_RENDERS_PER_USER). */
  perUser: number;
  /** How long a report waits for its turn before the request is refused (REPORT_WAIT_SECONDS). */
  maxWaitSeconds: number;
}

export interface ReportRenders {
  /**
   * Waits for the user's turn to render a report (the PDF, or a project ZIP that holds one), held
   * until the answer has been sent or its connection closed; a 429 with Retry-After when the user
   * already has their share or no turn came within the wait.
   */
  admit(userId: number, reply: FastifyReply): Promise<void>;
}

/**
 * A report takes seconds of CPU and tens of megabytes while it renders; twenty at once slowed every
 * other request of the process. So reports take turns per process, and one user cannot fill the line.
 */
export function reportRenders({ atOnce, perUser, maxWaitSeconds }: ReportRenderSettings): ReportRenders {
  const slots = waitingSlots({ atOnce, perKey: perUser, maxWaitMs: maxWaitSeconds * 1000 });
  return {
    async admit(userId, reply) {
      const slot = await slots.take(userId);
      if (slot === 'key-full') {
        throw tooManyRequests(
          `You already have ${perUser} ${perUser === 1 ? 'report' : 'reports'} being prepared. ` +
            'Wait until one has finished, then try again.',
          maxWaitSeconds,
        );
      }
      if (slot === 'timed-out') {
        throw tooManyRequests(
          'The server is busy preparing other reports. Please try again shortly.',
          maxWaitSeconds,
        );
      }
      // A report renders as it is read, so its turn lasts until the answer ends, whichever way.
      if (reply.raw.destroyed) slot();
      else reply.raw.once('close', slot);
    },
  };
}
