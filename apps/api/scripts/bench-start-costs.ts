import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { createWorker, OEM } from 'tesseract.js';
import { modelDir, modelSource } from '../src/modules/identity-document/tesseract-ocr-engine.ts';

/**
 * npm run bench:start-costs — what two things cost in CPU (this process's
 * user + system time, worker threads included), each way they can be done:
 *
 * 1. The built app's files served by @fastify/static: REQUESTS requests for the hashed assets
 *    (brotli accepted), with one wildcard route (the folders listed on every request to check
 *    the name's spelling) against a route per file found at start-up (`wildcard: false`).
 * 2. The OCR reader's Traditional Chinese worker loaded from the package's gzipped model
 *    against the unpacked copy (modelSource), ROUNDS times each.
 *
 * Needs a web build (npm run build -w apps/web).
 */
const WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

async function staticCost(wildcard: boolean, assets: string[]): Promise<number> {
  const app = Fastify();
  await app.register(fastifyStatic, { root: WEB_DIST, index: false, cacheControl: false, preCompressed: true, wildcard });
  await app.ready();
  // Warm-up: the route table and the JIT, not measured.
  for (const asset of assets.slice(0, 200)) await app.inject({ url: `/assets/${asset}`, headers: { 'accept-encoding': 'br' } });
  const before = cpuSeconds();
  for (let i = 0; i < REQUESTS; i += 1) {
    const response = await app.inject({ url: `/assets/${assets[i % assets.length]}`, headers: { 'accept-encoding': 'br' } });
    if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode} for ${assets[i % assets.length]}`);
  }
  const spent = cpuSeconds() - before;
  await app.close();
  return spent;
}

async function workerLoadCost(source: { langPath: string; gzip: boolean }): Promise<number> {
  const before = cpuSeconds();
  const worker = await createWorker('chi_tra', OEM.LSTM_ONLY, { ...source, cacheMethod: 'none' });
  const spent = cpuSeconds() - before;
  await worker.terminate();
  return spent;
}

if (!existsSync(path.join(WEB_DIST, 'assets'))) throw new Error(`no web build in ${WEB_DIST}: npm run build -w apps/web`);
const assets = readdirSync(path.join(WEB_DIST, 'assets')).filter((name) => /\.(js|css)$/.test(name));
console.log(`${assets.length} built .js/.css files; ${REQUESTS} requests each way`);
for (const wildcard of [true, false, true, false]) {
  const spent = await staticCost(wildcard, assets);
  console.log(
    `static, ${wildcard ? 'one wildcard route' : 'a route per file'}: ${spent.toFixed(2)} CPU-s, ${((spent / REQUESTS) * 1e6).toFixed(0)} µs a request`,
  );
}

const unpacked = await modelSource('chi_tra');
if (unpacked.gzip) throw new Error('no unpacked copy could be made');
const packed = { langPath: modelDir('chi_tra'), gzip: true };
for (let round = 0; round < ROUNDS; round += 1) {
  const fromPacked = await workerLoadCost(packed);
  const fromUnpacked = await workerLoadCost(unpacked);
  console.log(`chi_tra worker load: packed model ${fromPacked.toFixed(2)} CPU-s, unpacked ${fromUnpacked.toFixed(2)} CPU-s`);
}
