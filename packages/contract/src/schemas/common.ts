import { z } from 'zod';

/** Payload of the path that takes no fields; extra fields are ignored, not refused. */
export const ZEmptyRequestSchema = z.object({}).passthrough().optional().transform(() => ({}));

/** A client-generated id that makes a request safe to repeat (money and order paths). */
export const ZRequestIdSchema = z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/);
