import type { EndpointContext } from '../../plugins/envelope.ts';
import type { EventSource } from './tracking-repository.ts';

/** Who sent it: the logged-in user, else the anonymous device id of the token blob. */
export function eventSourceOf(ctx: Pick<EndpointContext, 'user' | 'anonymous' | 'channel'>): EventSource {
  return {
    userId: ctx.user?.id ?? null,
    deviceId: ctx.user ? null : (ctx.anonymous?.deviceId ?? null),
    channel: ctx.channel,
  };
}
