import { type RouteDefinition, type RouteName, routes } from '@hullscope/contract';
import type { z } from 'zod';

export type Routes = typeof routes;

type ParamsArg<R> = R extends { params: z.ZodObject<infer Shape> }
  ? { params: { [K in keyof Shape]: string | number } }
  : { params?: undefined };
type BodyArg<R> = R extends { body: infer Schema extends z.ZodType }
  ? { body: z.input<Schema> }
  : { body?: undefined };
type QueryArg<R> = R extends { query: infer Schema extends z.ZodObject }
  ? { query?: { [K in keyof z.input<Schema>]?: string | number | boolean } }
  : { query?: undefined };

/** What a call of the route takes: its path parameters, query and JSON body, as the contract says. */
export type RequestArgs<R> = ParamsArg<R> & BodyArg<R> & QueryArg<R>;
/** What a JSON route answers, as the contract's schema parses it. */
export type ResponseOf<R> = R extends { response: infer Schema extends z.ZodType } ? z.output<Schema> : never;

/** Routes that answer JSON (the rest answer files, or are the multipart upload). */
export type JsonRouteName = {
  [K in RouteName]: Routes[K] extends { response: null } | { multipart: true } ? never : K;
}[RouteName];
/** Routes that answer a file: PDFs, ZIPs. */
export type FileRouteName = { [K in RouteName]: Routes[K] extends { response: null } ? K : never }[RouteName];

/** A route's arguments are optional when it takes nothing required. */
export type ArgsParameter<R> =
  object extends RequestArgs<R> ? [args?: RequestArgs<R>] : [args: RequestArgs<R>];

/** The route's path with its `:name` parameters filled in (each URL-encoded). */
export function pathOf(route: RouteDefinition, params: Record<string, string | number> | undefined): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new TypeError(`Missing path parameter ${name} for ${route.path}`);
    return encodeURIComponent(String(value));
  });
}

/** `?name=value&…` of the parameters given, or nothing. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const routeNames = Object.keys(routes) as RouteName[];
