import { HullscopeApiError, HullscopeNetworkError, HullscopeResponseError } from '@hullscope/client';

/** The CLI's exit statuses, for scripts that run it (docs/integration.md lists them). */
export const EXIT = {
  ok: 0,
  /** The work failed: a prediction failed, files were refused or not sent, a server error. */
  failed: 1,
  /** Wrong usage: an unknown option, a bad value, not logged in. */
  usage: 2,
  /** The server refused the key (401) or its scopes or role (403). */
  auth: 3,
  /** The project (or model, resolution) does not exist in the organisation. */
  notFound: 4,
  /** The server could not be reached. */
  unreachable: 5,
} as const;

/** A failure the CLI explains itself, with the exit status it means. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage);

/** What to tell the user about any error, and the exit status. */
export function explain(error: unknown): { message: string; exitCode: number } {
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode };
  if (error instanceof HullscopeNetworkError) {
    return {
      message: `${error.message}. Check the server address (hullscope login --url, or HULLSCOPE_URL).`,
      exitCode: EXIT.unreachable,
    };
  }
  if (error instanceof HullscopeApiError) {
    if (error.status === 401) {
      return {
        message: `The server refused the key (401: ${error.message}). Run hullscope login --key with a valid key.`,
        exitCode: EXIT.auth,
      };
    }
    if (error.status === 403) return { message: `Not allowed (403): ${error.message}`, exitCode: EXIT.auth };
    if (error.status === 404)
      return { message: `Not found (404): ${error.message}`, exitCode: EXIT.notFound };
    return { message: `The server answered ${error.status}: ${error.message}`, exitCode: EXIT.failed };
  }
  if (error instanceof HullscopeResponseError) return { message: error.message, exitCode: EXIT.failed };
  return { message: error instanceof Error ? error.message : String(error), exitCode: EXIT.failed };
}
