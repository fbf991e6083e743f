import {
  type HullZone,
  type NamedListWithMessage,
  ORGANISATION_HEADER,
  type RequestStatus,
  type RouteDefinition,
  type RouteName,
  UPLOAD_HULL_ZONE_FIELD,
  routes,
} from '@hullscope/contract';
import { HullscopeApiError, HullscopeNetworkError, HullscopeResponseError, messageOf } from './errors.js';
import {
  type ArgsParameter,
  type FileRouteName,
  type JsonRouteName,
  type RequestArgs,
  type ResponseOf,
  type Routes,
  pathOf,
  queryString,
  routeNames,
} from './route-args.js';
import { type SurveyFile, type SurveyOptions, type SurveyResult, uploadSurvey } from './survey-upload.js';

export interface HullscopeClientOptions {
  /** The server's address, e.g. `https://hullscope.example.com` (no `/api`). */
  baseUrl: string;
  /** An API key (`hsk_…`) or an access token; sent as `Authorization: Bearer`. */
  apiKey: string;
  /** The organisation to act in (its id), sent as the Hullscope-Organisation header; else the key's. */
  organisation?: string | number;
  /** Another fetch (tests, proxies); the global one by default. */
  fetch?: typeof fetch;
  /** How often a request answered 429 is sent again after its Retry-After; 3 by default. */
  rateLimitRetries?: number;
}

/** A file answer, unread: its bytes as a stream, so a large ZIP or PDF never sits in memory. */
export interface DownloadedFile {
  body: ReadableStream<Uint8Array>;
  /** The name the server gives it (Content-Disposition), else the fallback. */
  filename: string;
  contentType: string | null;
  /** Bytes, when the server says. */
  size: number | null;
}

/** A file to upload: its name as the project will show it and its bytes (a Blob, a File, `fs.openAsBlob`). */
export interface UploadFile {
  name: string;
  blob: Blob;
}

type JsonMethods = {
  [K in JsonRouteName]: (...args: ArgsParameter<Routes[K]>) => Promise<ResponseOf<Routes[K]>>;
};

/** The longest Retry-After this client waits for before giving up on a rate-limited request. */
const MAX_RETRY_AFTER_SECONDS = 60;

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The file name of a Content-Disposition header, `filename*` (RFC 6266) preferred. */
export function filenameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed percent-encoding falls through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i.exec(header);
  return (plain?.[1] ?? plain?.[2]?.trim()) || fallback;
}

/**
 * A client of one Hullscope server with one key: each JSON route of the contract is a method named
 * as the route (`listProjects`, `getRequest`, …) taking `{params, query, body}` and answering the
 * contract's parsed type; files come as streams (`download`), photos go up in batches (`uploadImages`,
 * `uploadSurvey`). Every failure is a HullscopeApiError, HullscopeNetworkError or HullscopeResponseError.
 */
export function createHullscopeClient(options: HullscopeClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const rateLimitRetries = options.rateLimitRetries ?? 3;

  function headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      Authorization: `Bearer ${options.apiKey}`,
      Accept: 'application/json',
      ...(options.organisation !== undefined ? { [ORGANISATION_HEADER]: String(options.organisation) } : {}),
      ...extra,
    };
  }

  /** Sends once, and again after Retry-After while the server answers 429. */
  async function send(path: string, init: RequestInit): Promise<Response> {
    const url = baseUrl + path;
    for (let attempt = 0; ; attempt += 1) {
      let response: Response;
      try {
        response = await fetchImpl(url, init);
      } catch (error) {
        if (init.signal?.aborted) throw error;
        throw new HullscopeNetworkError(url, error);
      }
      const retryAfter = Number(response.headers.get('Retry-After') ?? '1');
      if (
        response.status !== 429 ||
        attempt >= rateLimitRetries ||
        !(retryAfter <= MAX_RETRY_AFTER_SECONDS)
      ) {
        return response;
      }
      await response.body?.cancel();
      await sleep(Math.max(0, retryAfter) * 1000, init.signal ?? undefined);
    }
  }

  async function failure(response: Response): Promise<HullscopeApiError> {
    const data = await bodyOf(response);
    return new HullscopeApiError(
      response.status,
      data,
      messageOf(data, response.statusText || `Request failed with status ${response.status}`),
    );
  }

  function parsed<T>(route: RouteDefinition, data: unknown): T {
    if (!route.response) throw new TypeError(`${route.path} answers a file; use download()`);
    const result = route.response.safeParse(data);
    if (!result.success) {
      const id = route.response.meta()?.id;
      throw new HullscopeResponseError(typeof id === 'string' ? id : route.path, result.error.issues);
    }
    return result.data as T;
  }

  function target(route: RouteDefinition, args: unknown): string {
    const { params, query } = (args ?? {}) as {
      params?: Record<string, string | number>;
      query?: Record<string, unknown>;
    };
    return pathOf(route, params) + queryString(query);
  }

  /** One call of a JSON route by its name. */
  async function call<K extends JsonRouteName>(
    name: K,
    ...[args]: ArgsParameter<Routes[K]>
  ): Promise<ResponseOf<Routes[K]>> {
    const route: RouteDefinition = routes[name];
    const body = (args as { body?: unknown } | undefined)?.body;
    const response = await send(target(route, args), {
      method: route.method,
      headers: headers(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw await failure(response);
    return parsed(route, await bodyOf(response));
  }

  /** A file route's answer as a stream; the caller reads or cancels `body`. */
  async function download<K extends FileRouteName>(
    name: K,
    args: RequestArgs<Routes[K]>,
    options: { fallbackName?: string; signal?: AbortSignal } = {},
  ): Promise<DownloadedFile> {
    const route: RouteDefinition = routes[name];
    const response = await send(target(route, args), {
      method: route.method,
      headers: headers({ Accept: '*/*' }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (!response.ok) throw await failure(response);
    if (!response.body) throw new HullscopeResponseError(route.path, 'the answer has no body');
    const size = response.headers.get('Content-Length');
    return {
      body: response.body,
      filename: filenameOf(response.headers.get('Content-Disposition'), options.fallbackName ?? 'download'),
      contentType: response.headers.get('Content-Type'),
      size: size === null ? null : Number(size),
    };
  }

  /**
   * One multipart upload request (spec §7: repeated field `images`, optional `hull_zone`); the
   * server stores all of its files or none. Keep within `uploadLimits()`; `uploadSurvey` does that.
   */
  async function uploadImages(input: {
    projectId: number;
    files: readonly UploadFile[];
    hullZone?: HullZone | null;
    signal?: AbortSignal;
  }): Promise<NamedListWithMessage> {
    const form = new FormData();
    if (input.hullZone) form.append(UPLOAD_HULL_ZONE_FIELD, input.hullZone);
    for (const file of input.files) form.append('images', file.blob, file.name);
    const response = await send(pathOf(routes.uploadImages, { id: input.projectId }), {
      method: 'POST',
      headers: headers(),
      body: form,
      ...(input.signal ? { signal: input.signal } : {}),
    });
    if (!response.ok) throw await failure(response);
    return parsed(routes.uploadImages, await bodyOf(response));
  }

  /** Polls a prediction request until it is DONE or FAILED, telling each change of its progress. */
  async function waitForRequest(
    requestId: number,
    options: { intervalMs?: number; onProgress?: (status: RequestStatus) => void; signal?: AbortSignal } = {},
  ): Promise<RequestStatus> {
    for (;;) {
      const status = await call('getRequest', { params: { requestId } });
      options.onProgress?.(status);
      if (status.status === 'DONE' || status.status === 'FAILED') return status;
      await sleep(options.intervalMs ?? 1000, options.signal);
    }
  }

  const methods = Object.fromEntries(
    routeNames
      .filter((name) => routes[name].response !== null && !('multipart' in routes[name]))
      .map((name) => [
        name,
        (args?: unknown) => (call as (n: RouteName, a?: unknown) => unknown)(name, args),
      ]),
  ) as JsonMethods;

  const client = {
    ...methods,
    call,
    download,
    uploadImages,
    waitForRequest,
    /** Uploads many files as the web app does: skips what the project holds, batches the rest. */
    uploadSurvey: (
      projectId: number,
      files: readonly SurveyFile[],
      survey: SurveyOptions = {},
    ): Promise<SurveyResult> => uploadSurvey(client, projectId, files, survey),
  };
  return client;
}

export type HullscopeClient = ReturnType<typeof createHullscopeClient>;
export type { RouteName };
