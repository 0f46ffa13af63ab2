import fp from 'fastify-plugin';
import { createNodeCipher } from '@app/contract/cipher-node.ts';
import type { WireCipher } from '@app/contract/cipher-format.ts';

declare module 'fastify' {
  interface FastifyInstance {
    wireCipher: WireCipher;
  }
}

/** One cipher per process: the key is decoded once, not per request. */
export const wireCipherPlugin = fp<{ keyBase64: string }>(
  async (app, { keyBase64 }) => {
    app.decorate('wireCipher', createNodeCipher(keyBase64));
  },
  { name: 'wire-cipher' },
);
