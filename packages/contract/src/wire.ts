import { ZEnvelopeSchema, type Envelope } from './envelope.ts';
import type { WireCipher } from './cipher-format.ts';

export { encodeRequest, type WireRequest } from './wire-request.ts';

export class UndecodableResponseError extends Error {
  constructor() {
    super('undecodable response');
    this.name = 'UndecodableResponseError';
  }
}

/**
 * Decrypts and parses an answer. Answers that are already objects pass through
 * (SPEC.md section 7: "decrypted ... unless already objects").
 */
export function decodeEnvelope(raw: unknown, cipher: WireCipher): Envelope {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(cipher.decrypt(raw.trim()));
    } catch {
      throw new UndecodableResponseError();
    }
  }
  const parsed = ZEnvelopeSchema.safeParse(value);
  if (!parsed.success) throw new UndecodableResponseError();
  return parsed.data as Envelope;
}
