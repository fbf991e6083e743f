import {
  AccessToken,
  NamedListWithMessage,
  ORGANISATION_HEADER,
  routes,
  type RouteDefinition,
} from '@hullscope/contract';
import type { z } from 'zod';
import { ApiError, ApiValidationError, messageOf } from './api-errors';
import type { TokenStore } from './token-store';

type ParamsArg<R> = R extends { params: z.ZodObject<infer Shape> }
  ? { params: { [K in keyof Shape]: string | number } }
  : { params?: undefined };
type BodyArg<R> = R extends { body: infer Schema extends z.ZodType }
  ? { body: z.input<Schema> }
  : { body?: undefined };
type QueryArg<R> = R extends { query: z.ZodObject<infer Shape> }
  ? { query?: { [K in keyof Shape]?: string | number } }
  : { query?: undefined };
export type RequestArgs<R> = ParamsArg<R> & BodyArg<R> & QueryArg<R>;
export type ResponseOf<R> = R extends { response: infer Schema extends z.ZodType } ? z.output<Schema> : never;

/** An answer with the ETag it came with (null when it had none), to revalidate it later. */
export interface Tagged<T> {
  data: T;
  etag: string | null;
}

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface ApiClientOptions {
  baseUrl: string;
  tokens: TokenStore;
  fetch?: typeof fetch;
  createXhr?: () => XMLHttpRequest;
  /**
   * The organisation the tab acts in (its id), sent on every request; without one the API acts in
   * the user's last chosen organisation.
   */
  organisation?: () => string | null;
}

/** A list answer with the number of entries matching its filters (the X-Total-Count header). */
export interface Counted<T> {
  data: T;
  total: number;
}

const TOKEN_PATHS = new Set<string>([routes.obtainTokens.path, routes.refreshToken.path]);

/** The name logged on a schema mismatch: the contract's schema id, `<Element>List` for its lists. */
export function schemaNameOf(schema: z.ZodType, fallback: string): string {
  const id = schema.meta()?.id;
  if (typeof id === 'string') return id;
  const def = schema._zod.def as { type: string; element?: z.ZodType };
  if (def.type === 'array' && def.element) {
    const elementId = def.element.meta()?.id;
    if (typeof elementId === 'string') return `${elementId}List`;
  }
  return fallback;
}

export function validateResponse<S extends z.ZodType>(
  schema: S,
  data: unknown,
  fallbackName: string,
): z.output<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const name = schemaNameOf(schema, fallbackName);
    console.error(`API Validation Error: ${name}`, parsed.error.issues);
    throw new ApiValidationError(name);
  }
  return parsed.data;
}

export function filePath(
  route: RouteDefinition,
  params: Record<string, string | number> | undefined,
): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.path}`);
    return encodeURIComponent(String(value));
  });
}

/** `?name=value&…` of the parameters given, or nothing. */
export function queryString(query: Record<string, string | number | undefined> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The file name of a `Content-Disposition` header (RFC 6266, `filename*` preferred). */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed percent-encoding falls through to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : fallback;
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

function errorFor(status: number, data: unknown, statusText: string): ApiError {
  return new ApiError(status, data, messageOf(data, statusText || `Request failed with status ${status}`));
}

/**
 * The one way the web app talks to the API (architecture §5): route table paths, bearer token,
 * one refresh and replay on 401 (never for the token endpoints), contract-validated answers.
 */
export function createApiClient(options: ApiClientOptions) {
  const { baseUrl, tokens } = options;
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const createXhr = options.createXhr ?? (() => new XMLHttpRequest());
  let onSessionExpired: () => void = () => undefined;
  let refreshing: Promise<boolean> | null = null;

  function authHeaders(): Record<string, string> {
    const access = tokens.getAccess();
    const organisation = options.organisation?.() ?? null;
    return {
      ...(access ? { Authorization: `Bearer ${access}` } : {}),
      ...(organisation ? { [ORGANISATION_HEADER]: organisation } : {}),
    };
  }

  function refreshAccess(): Promise<boolean> {
    refreshing ??= (async () => {
      const refresh = tokens.getRefresh();
      if (!refresh) return false;
      try {
        const response = await fetchImpl(baseUrl + routes.refreshToken.path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ refresh }),
        });
        if (response.status !== 200) return false;
        const parsed = AccessToken.safeParse(await bodyOf(response));
        if (!parsed.success) {
          console.error('API Validation Error: AccessToken', parsed.error.issues);
          return false;
        }
        tokens.setAccess(parsed.data.access);
        return true;
      } catch (error) {
        console.error('Token refresh failed', error);
        return false;
      }
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function sessionExpired(status: number, data: unknown, statusText: string): never {
    onSessionExpired();
    throw errorFor(status, data, statusText);
  }

  /** Sends once; on 401 refreshes once and replays, else ends the session. */
  async function send(route: RouteDefinition, path: string, init: RequestInit): Promise<Response> {
    const attempt = () =>
      fetchImpl(baseUrl + path, { ...init, headers: { ...authHeaders(), ...(init.headers ?? {}) } });
    const response = await attempt();
    if (response.status !== 401 || TOKEN_PATHS.has(route.path)) return response;
    if (await refreshAccess()) {
      const replayed = await attempt();
      if (replayed.status !== 401) return replayed;
      return sessionExpired(401, await bodyOf(replayed), replayed.statusText);
    }
    return sessionExpired(401, await bodyOf(response), response.statusText);
  }

  async function answer<R extends RouteDefinition>(
    route: R,
    args: RequestArgs<R>,
    headers: Record<string, string>,
  ): Promise<Response> {
    const { params, body, query } = args as {
      params?: Record<string, string | number>;
      body?: unknown;
      query?: Record<string, string | number | undefined>;
    };
    const init: RequestInit = { method: route.method, headers: { ...headers } };
    if (body !== undefined) {
      init.headers = { ...headers, 'Content-Type': 'application/json' };
      init.body = JSON.stringify(body);
    }
    // A 304 must reach this code rather than be answered from the browser's cache.
    if (headers['If-None-Match']) init.cache = 'no-store';
    return send(route, filePath(route, params) + queryString(query), init);
  }

  async function validated<R extends RouteDefinition>(route: R, response: Response): Promise<ResponseOf<R>> {
    const data = await bodyOf(response);
    if (!response.ok) throw errorFor(response.status, data, response.statusText);
    if (!route.response) throw new Error(`${route.path} answers a file; use download()`);
    return validateResponse(route.response, data, route.summary) as ResponseOf<R>;
  }

  async function request<R extends RouteDefinition>(route: R, args: RequestArgs<R>): Promise<ResponseOf<R>> {
    return validated(route, await answer(route, args, {}));
  }

  /** A list with its total: the answer's X-Total-Count, or its own length when the header is absent. */
  async function requestCounted<R extends RouteDefinition>(
    route: R,
    args: RequestArgs<R>,
  ): Promise<Counted<ResponseOf<R>>> {
    const response = await answer(route, args, {});
    const data = await validated(route, response);
    const header = Number(response.headers.get('X-Total-Count'));
    const total = Number.isFinite(header) && response.headers.has('X-Total-Count') ? header : null;
    return { data, total: total ?? (Array.isArray(data) ? data.length : 0) };
  }

  /**
   * A GET that revalidates `previous`: sends its ETag as If-None-Match and, when the server answers
   * 304 Not Modified, returns `previous` itself (the same object, so nothing re-renders); otherwise the
   * new answer with its ETag.
   */
  async function revalidate<R extends RouteDefinition>(
    route: R,
    args: RequestArgs<R>,
    previous: Tagged<ResponseOf<R>> | undefined,
  ): Promise<Tagged<ResponseOf<R>>> {
    const conditional: Record<string, string> = previous?.etag ? { 'If-None-Match': previous.etag } : {};
    const response = await answer(route, args, conditional);
    if (response.status === 304 && previous) return previous;
    return { data: await validated(route, response), etag: response.headers.get('ETag') };
  }

  async function download<R extends RouteDefinition>(
    route: R,
    args: ParamsArg<R> & QueryArg<R>,
    fallbackName: string,
  ): Promise<DownloadedFile> {
    const { params, query } = args as {
      params?: Record<string, string | number>;
      query?: Record<string, string | number | undefined>;
    };
    const response = await send(route, filePath(route, params) + queryString(query), {
      method: route.method,
    });
    if (!response.ok) throw errorFor(response.status, await bodyOf(response), response.statusText);
    const filename = filenameFromDisposition(response.headers.get('Content-Disposition'), fallbackName);
    return { blob: await response.blob(), filename };
  }

  function xhrSend(
    path: string,
    form: FormData,
    onProgress: (progress: UploadProgress) => void,
    signal: AbortSignal | undefined,
  ): Promise<{ status: number; statusText: string; data: unknown }> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(new Error('Upload cancelled'));
        return;
      }
      const xhr = createXhr();
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.open('POST', baseUrl + path);
      for (const [name, value] of Object.entries(authHeaders())) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
      xhr.onload = () => {
        let data: unknown = xhr.responseText || null;
        try {
          data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
        } catch {
          // Not JSON: keep the text as the reason.
        }
        resolve({ status: xhr.status, statusText: xhr.statusText, data });
      };
      xhr.onerror = () => reject(new Error('Network error'));
      xhr.onabort = () => reject(new Error('Upload cancelled'));
      xhr.send(form);
    });
  }

  /** Multipart upload through XMLHttpRequest, whose upload events give real byte progress. */
  async function upload(
    route: typeof routes.uploadImages,
    args: ParamsArg<typeof routes.uploadImages>,
    form: FormData,
    onProgress: (progress: UploadProgress) => void,
    signal?: AbortSignal,
  ): Promise<NamedListWithMessage> {
    const path = filePath(route, args.params);
    let answer = await xhrSend(path, form, onProgress, signal);
    if (answer.status === 401) {
      if (!(await refreshAccess())) return sessionExpired(401, answer.data, answer.statusText);
      answer = await xhrSend(path, form, onProgress, signal);
      if (answer.status === 401) return sessionExpired(401, answer.data, answer.statusText);
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw errorFor(answer.status, answer.data, answer.statusText);
    }
    return validateResponse(NamedListWithMessage, answer.data, 'NamedListWithMessage');
  }

  /**
   * A multipart POST answered with JSON (a corrected mask): fetch sets the form's boundary itself,
   * and the answer is validated like any other.
   */
  async function sendForm<R extends RouteDefinition>(
    route: R,
    args: ParamsArg<R>,
    form: FormData,
  ): Promise<ResponseOf<R>> {
    const { params } = args as { params?: Record<string, string | number> };
    return validated(route, await send(route, filePath(route, params), { method: route.method, body: form }));
  }

  return {
    request,
    sendForm,
    requestCounted,
    revalidate,
    download,
    upload,
    /** One refresh attempt with the stored refresh token; stores the new access token on success. */
    refreshAccessToken: refreshAccess,
    setSessionExpiredHandler(handler: () => void) {
      onSessionExpired = handler;
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
