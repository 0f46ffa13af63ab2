import { z } from 'zod';

/** The 'other mark' tracking call: sent on every back action with event '-1'. */
export const BACK_EVENT = '-1';
/** The same call once per start of the app, with the route it opened on: the funnel's first step. */
export const LAUNCH_EVENT = 'launch';

export const ZOtherMarkRequestSchema = z.object({
  event: z.string().min(1).max(64),
  /** The page route the user was on. */
  eventContent: z.string().max(512),
});
export type TOtherMarkRequest = z.infer<typeof ZOtherMarkRequestSchema>;

/** A risk signal the app reports (for example repeated failed face checks). */
export const ZRiskEventRequestSchema = z.object({
  eventType: z.string().min(1).max(64),
  detail: z.record(z.string(), z.union([z.string().max(512), z.number(), z.boolean()])).optional(),
});
export type TRiskEventRequest = z.infer<typeof ZRiskEventRequestSchema>;

export const ZRecordedResponseSchema = z.object({ recorded: z.literal(true) });
