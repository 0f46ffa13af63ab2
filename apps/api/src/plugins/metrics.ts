import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { safeError } from './safe-error.ts';

/**
 * Prometheus metrics (`GET /metrics`, text format), behind a bearer token
 * (METRICS_TOKEN; unset: not served at all, so it is never public by accident):
 * - requests by route (the route's pattern, never the URL with its encrypted query) and
 *   status, with a latency histogram: OCR and face-check durations are their routes';
 * - the process (CPU, memory, event-loop lag);
 * - what modules register: job queue depth and failures, payments credited and held,
 *   payouts, decisions by outcome. Those are read from the database when scraped, so every
 *   instance reports the same figure (aggregate them with max, not sum).
 * One registry per app, so several apps in one process (the tests) keep apart.
 */

export interface DatabaseGauge {
  name: string;
  help: string;
  labelNames: readonly string[];
  /** Reads the figures at scrape time: one row per label combination. */
  read: () => Promise<Array<{ labels: Record<string, string>; value: number }>>;
}

export interface Metrics {
  registry: Registry;
  /** A gauge whose figures come from the database when /metrics is read. */
  databaseGauge(gauge: DatabaseGauge): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export const METRICS_PATH = '/metrics';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const metricsPlugin = fp<{ token: string | undefined }>(
  async (app, { token }) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status.',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern.',
      labelNames: ['route', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });

    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      if (route === METRICS_PATH) return;
      requests.inc({ route, method: req.method, status: String(reply.statusCode) });
      duration.observe({ route, method: req.method }, reply.elapsedTime / 1000);
    });

    const metrics: Metrics = {
      registry,
      databaseGauge({ name, help, labelNames, read }) {
        new Gauge({
          name,
          help,
          labelNames: [...labelNames],
          registers: [registry],
          async collect() {
            this.reset();
            try {
              for (const row of await read()) this.set(row.labels, row.value);
            } catch (error) {
              app.log.warn({ metric: name, error: safeError(error) }, 'metric not read');
            }
          },
        });
      },
    };
    app.decorate('metrics', metrics);

    if (!token) return;
    app.get(METRICS_PATH, async (req, reply) => {
      const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!sameToken(given, token)) return reply.code(401).header('cache-control', 'no-store').send({ ok: false });
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    });
  },
  { name: 'metrics' },
);
