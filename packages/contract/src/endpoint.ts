import type { z } from 'zod';
import type { PathDef } from './paths.ts';

/**
 * A path with its request and response schemas: the server validates requests with
 * `request` before any handler runs; the web request layer is typed by both. The table
 * of every endpoint is endpoints.ts; a feature's group of them may live in endpoints/
 * (decision 0159), so a page loads only its own schemas.
 */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> extends PathDef {
  readonly request: Req;
  readonly response: Res;
}

export function endpoint<Req extends z.ZodType, Res extends z.ZodType>(path: PathDef, request: Req, response: Res): Endpoint<Req, Res> {
  return { ...path, request, response };
}

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
