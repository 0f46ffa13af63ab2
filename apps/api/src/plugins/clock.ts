import fp from 'fastify-plugin';

/** "Now", passed in: tests move it instead of waiting (expired codes, idle sessions, limits). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    /** The one "now" of the app: every rule that depends on time reads it here. */
    clock: Clock;
  }
}

export const clockPlugin = fp<{ clock?: Clock | undefined }>(
  async (app, { clock }) => {
    app.decorate('clock', clock ?? systemClock);
  },
  { name: 'clock' },
);
