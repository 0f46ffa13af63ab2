import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Gateway server notifications (payouts and collections alike): one strict reading of the
 * form a gateway posts, and one route shape, `POST /<module>/notify/:name[/<kind>]`.
 * A Taiwan gateway posts each field once, a few dozen at most, so anything else is not a
 * notification and is refused before its check value is even computed.
 */

/**
 * ECPay's richest notification (ReturnURL with NeedExtraPaidInfo=Y, which this product does
 * not ask for) has 48 fields; the ones asked for here have about 20.
 */
export const MAX_NOTIFICATION_FIELDS = 50;

/**
 * A form-encoded body as fields; null when it is not one: not text, empty, a field
 * repeated (which of two values was signed is then ambiguous), or too many fields.
 */
export function readNotificationForm(body: unknown): Record<string, string> | null {
  if (typeof body !== 'string' || body.length === 0) return null;
  const fields: Record<string, string> = {};
  let count = 0;
  for (const [key, value] of new URLSearchParams(body)) {
    count += 1;
    if (count > MAX_NOTIFICATION_FIELDS || key === '' || Object.hasOwn(fields, key)) return null;
    fields[key] = value;
  }
  return count > 0 ? fields : null;
}

/** Why a notification was refused: the gateway is answered HTTP 400 and nothing changes. */
export type NotificationRefusal = 'signature' | 'malformed' | 'unknown';

/** ECPay-style answers (`0|...`), so the gateway's own console shows why it was refused. */
export const NOTIFICATION_REFUSAL_ANSWERS: Readonly<Record<NotificationRefusal, string>> = {
  signature: '0|CheckMacValue Error',
  malformed: '0|Bad Request',
  unknown: '0|Unknown Trade',
};

export type NotificationHandling = { accepted: true } | { accepted: false; reason: NotificationRefusal };

export interface NotificationRouteOptions<Receiver extends { readonly name: string; readonly acknowledgement: string }> {
  /** The route, with `:name` naming the receiver (gateway or provider): `/repayments/notify/:name`. */
  path: string;
  /** What the log calls a refused form: `<what> refused`, as the handler's own refusals say. */
  what: string;
  receiver(name: string): Receiver | undefined;
  /** Verifies and applies the fields; logs its own refusals (ids and reasons, never field values). */
  handle(receiver: Receiver, fields: Readonly<Record<string, string>>, req: FastifyRequest): Promise<NotificationHandling>;
}

/**
 * Registers one notification route: an unknown receiver is not found (as any unknown
 * path), a body that is not a strict form is refused as malformed, and otherwise the
 * receiver's handling decides between its acknowledgement and HTTP 400.
 */
export function registerNotificationRoute<Receiver extends { readonly name: string; readonly acknowledgement: string }>(
  app: FastifyInstance,
  options: NotificationRouteOptions<Receiver>,
): void {
  app.post<{ Params: { name: string } }>(options.path, async (req, reply) => {
    const receiver = options.receiver(req.params.name);
    if (!receiver) return reply.callNotFound();
    const refuse = (reason: NotificationRefusal) =>
      reply.code(400).type('text/plain; charset=utf-8').send(NOTIFICATION_REFUSAL_ANSWERS[reason]);
    const fields = readNotificationForm(req.body);
    if (!fields) {
      // The reason only: whatever was posted may name a payment and never needs to be in the log.
      req.log.warn({ gateway: receiver.name, reason: 'malformed' }, `${options.what} refused`);
      return refuse('malformed');
    }
    const handling = await options.handle(receiver, fields, req);
    if (!handling.accepted) return refuse(handling.reason);
    return reply.type('text/plain; charset=utf-8').send(receiver.acknowledgement);
  });
}
