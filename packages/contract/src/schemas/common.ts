import { z } from 'zod';

/** Payload of the path that takes no fields; extra fields are ignored, not refused. */
export const ZEmptyRequestSchema = z
  .object({})
  .passthrough()
  .optional()
  .transform(() => ({}));

/** A client-generated id that makes a request safe to repeat (money and order paths). */
export const ZRequestIdSchema = z
  .string()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** An order id as every answer shows it (a positive integer, as a string). */
export const ZOrderIdSchema = z.string().regex(/^[1-9]\d{0,15}$/);

/** The answer of a path that only confirms (`{ ok: true }`). */
export const ZOkResponseSchema = z.object({ ok: z.literal(true) });
