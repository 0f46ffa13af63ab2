import type { TOtherMarkRequest, TRiskEventRequest } from '@app/contract/schemas/tracking.ts';
import type { EndpointContext } from '../../plugins/envelope.ts';
import { insertRiskEvent, insertTrackingEvent, type EventSource } from './repository.ts';

/** Who sent it: the logged-in user, else the anonymous device id of the token blob. */
function sourceOf(ctx: EndpointContext): EventSource {
  return {
    userId: ctx.user?.id ?? null,
    deviceId: ctx.user ? null : (ctx.anonymous?.deviceId ?? null),
    channel: ctx.channel,
  };
}

export async function recordMark(payload: TOtherMarkRequest, ctx: EndpointContext): Promise<{ recorded: true }> {
  await insertTrackingEvent(ctx.db, { ...payload, ...sourceOf(ctx) });
  return { recorded: true };
}

export async function recordRiskEvent(payload: TRiskEventRequest, ctx: EndpointContext): Promise<{ recorded: true }> {
  await insertRiskEvent(ctx.db, { eventType: payload.eventType, detail: payload.detail ?? {}, ...sourceOf(ctx) });
  return { recorded: true };
}
