import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emptyDatabase } from '../db/empty-database.ts';
import { sendEnvelope } from './envelope-codec.ts';

/**
 * Fault injection and inspection for browser tests. Registered only when TEST_HOOKS is
 * on, which env.ts refuses in production. The e2e helper depends on this exact interface.
 */
const ZFaultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('delay'), ms: z.number().int().min(0).max(120_000) }),
  z.object({ kind: z.literal('undecodable') }),
  z.object({ kind: z.literal('http'), code: z.number().int().min(100).max(599) }),
  z.object({ kind: z.literal('envelope'), status: z.number().int(), message: z.string(), body: z.unknown().optional() }),
  z.object({ kind: z.literal('hang') }),
]);

const ZFaultRequestSchema = z.object({
  path: z.string().startsWith('/'),
  fault: ZFaultSchema,
  times: z.number().int().positive().max(10_000).default(1),
});

type Fault = z.infer<typeof ZFaultSchema>;

export const TEST_PREFIX = '/__test__/';

/** How long a reset waits for running jobs (a payout's sandbox delay) to end. */
const RESET_JOBS_WAIT_MS = 20_000;

/**
 * A test hook's JSON body read by `schema`: its data, or the message of the 400 the hook
 * answers (not JSON, or the schema's first issue). For the hooks here and the modules' own.
 */
export function readHookBody<T>(body: unknown, schema: z.ZodType<T>): { data: T } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(String(body ?? ''));
  } catch {
    return { error: 'body must be JSON' };
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? { data: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'invalid' };
}

function pathOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests only: whether a fault is set on this path (the first views then read as failing). */
    hasTestFault: (path: string) => boolean;
  }
}

export const testHooksPlugin = fp(
  async (app) => {
    const faults = new Map<string, { fault: Fault; remaining: number }>();
    app.decorate('hasTestFault', (path: string) => faults.has(path));

    /** Returns the reply when the fault answered (or took over) the request. */
    async function applyFault(req: FastifyRequest, reply: FastifyReply, fault: Fault): Promise<FastifyReply | undefined> {
      switch (fault.kind) {
        case 'delay':
          await new Promise((resolve) => setTimeout(resolve, fault.ms));
          return undefined;
        case 'undecodable':
          return reply.code(200).type('text/plain; charset=utf-8').send('@@ not cipher text @@');
        case 'http':
          return reply.code(fault.code).type('text/plain; charset=utf-8').send(`HTTP ${fault.code}`);
        case 'envelope':
          // Any status on purpose: tests check how the client handles odd ones.
          return sendEnvelope(reply, app.wireCipher, {
            status: fault.status as 200,
            message: fault.message,
            // A body lets a test stand in for data no operator tool can set yet.
            body: fault.body ?? null,
          });
        case 'hang':
          // Fastify leaves the socket alone; it stays open until the client gives up.
          reply.hijack();
          req.raw.resume();
          return reply;
      }
    }

    app.addHook('onRequest', async (req, reply) => {
      const path = pathOf(req.url);
      if (path.startsWith(TEST_PREFIX)) return;
      const entry = faults.get(path);
      if (!entry) return;
      entry.remaining -= 1;
      if (entry.remaining <= 0) faults.delete(path);
      return applyFault(req, reply, entry.fault);
    });

    app.post(`${TEST_PREFIX}faults`, async (req, reply) => {
      const parsed = readHookBody(req.body, ZFaultRequestSchema);
      if ('error' in parsed) return reply.code(400).send({ error: parsed.error });
      faults.set(parsed.data.path, { fault: parsed.data.fault, remaining: parsed.data.times });
      return { ok: true };
    });

    app.delete(`${TEST_PREFIX}faults`, async () => {
      faults.clear();
      return { ok: true };
    });

    // The app's "now" moved by an offset (a browser test reaches an order's due date
    // without waiting): every module reads app.clock at request time, after this plugin.
    const baseClock = app.clock;
    let clockOffsetMs = 0;
    app.clock = { now: () => new Date(baseClock.now().getTime() + clockOffsetMs) };
    app.post(`${TEST_PREFIX}clock`, async (req, reply) => {
      const parsed = readHookBody(
        req.body,
        z.object({
          offsetMs: z
            .number()
            .int()
            .min(-400 * 86_400_000)
            .max(400 * 86_400_000),
        }),
      );
      if ('error' in parsed) return reply.code(400).send({ error: parsed.error });
      clockOffsetMs = parsed.data.offsetMs;
      return { ok: true, now: app.clock.now().toISOString() };
    });

    // The server as it started, for the next browser test file of a worker (one server per
    // worker, e2e/support/server.ts): no faults, the real time, no counted limits, the
    // database emptied and seeded again once the jobs that were running have ended.
    app.post(`${TEST_PREFIX}reset`, async (_req, reply) => {
      faults.clear();
      clockOffsetMs = 0;
      const deadline = Date.now() + RESET_JOBS_WAIT_MS;
      while ((await app.jobs.counts()).some((row) => row.state === 'active')) {
        if (Date.now() > deadline) return reply.code(409).send({ error: 'jobs still running' });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await emptyDatabase(app.db);
      for (const seed of app.startSeeds) await seed();
      await app.rateLimiter.clear();
      return { ok: true };
    });
  },
  { name: 'test-hooks', dependencies: ['wire-cipher', 'clock', 'db', 'rate-limits', 'jobs'] },
);
