import type { z } from 'zod';
import { PATHS, type PathDef } from './paths.ts';
import {
  ZCommonConfigRequestSchema,
  ZCommonConfigResponseSchema,
  ZConfigOneRequestSchema,
  ZConfigOneResponseSchema,
} from './schemas/config.ts';
import {
  ZOtherMarkRequestSchema,
  ZRecordedResponseSchema,
  ZRiskEventRequestSchema,
} from './schemas/tracking.ts';

/**
 * A path with its request and response schemas: the server validates requests with
 * `request` before any handler runs; the web request layer is typed by both.
 */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType>
  extends PathDef {
  readonly request: Req;
  readonly response: Res;
}

function endpoint<Req extends z.ZodType, Res extends z.ZodType>(
  path: PathDef,
  request: Req,
  response: Res,
): Endpoint<Req, Res> {
  return { ...path, request, response };
}

export const ENDPOINTS = {
  commonConfig: endpoint(PATHS.commonConfig, ZCommonConfigRequestSchema, ZCommonConfigResponseSchema),
  commonConfigOne: endpoint(PATHS.commonConfigOne, ZConfigOneRequestSchema, ZConfigOneResponseSchema),
  otherMark: endpoint(PATHS.otherMark, ZOtherMarkRequestSchema, ZRecordedResponseSchema),
  riskEvent: endpoint(PATHS.riskEvent, ZRiskEventRequestSchema, ZRecordedResponseSchema),
} as const;

export type RequestOf<E extends Endpoint> = z.input<E['request']>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
