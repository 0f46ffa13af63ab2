import os from 'node:os';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import * as photos from '../../src/modules/face-check/face-test-images.ts';
import { bodyOf, loginWithCode, randomMobile, startAccountsServer, uploadFile, type LoggedIn } from '../../src/test/accounts-test-kit.ts';
import { confirmIdCardFront } from '../../src/test/id-card-test-kit.ts';
import { openTestDatabase } from '../../src/test/test-database.ts';
import type { KycBenchPart } from '../bench-kyc.ts';

/**
 * Face verification (step 5) through HTTP on the real app (PGlite, encrypted wire): one
 * user's selfie through detection → silence → faceCompare, each request timed. The first
 * verification loads the models (reported separately), WARMUP more follow, then RUNS are
 * measured, one at a time. Memory: rss before the first request, after the model load
 * and after the runs.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `${Math.round(at(0.5))} / ${Math.round(at(0.95))} / ${Math.round(sorted.at(-1)!)}`;
}

export const facePart: KycBenchPart = {
  name: 'face',
  async run() {
    const database = await openTestDatabase();
    const server = await startAccountsServer(database.handle, { env: { FACE_CHECKS_PER_HOUR: '100000' } });
    try {
      const upload = async (user: LoggedIn, bytes: Buffer) =>
        bodyOf<{ key: string }>((await uploadFile(server, new Uint8Array(bytes), user.headers, { type: 'image/jpeg', name: 'p.jpg' })).envelope).key;
      const user = await loginWithCode(server, randomMobile());
      const frontKey = await upload(user, await photos.idCardFront(1));
      // Step 3 saves only a confirmed card (the reader is benchmarked in its own part).
      await confirmIdCardFront(server, user, frontKey);
      bodyOf((await server.client.call(ENDPOINTS.userAuthIdCardPhotos, { frontKey, backKey: frontKey }, user.headers)).envelope);
      const selfie = await photos.transformedSelfie(1);

      const verify = async () => {
        const imageKey = await upload(user, selfie);
        const times: number[] = [];
        for (const endpoint of [ENDPOINTS.userAuthDetection, ENDPOINTS.userAuthSilence, ENDPOINTS.userAuthFaceCompare]) {
          const start = performance.now();
          bodyOf((await server.client.call(endpoint, { imageKey }, user.headers)).envelope);
          times.push(performance.now() - start);
        }
        return times;
      };

      const rssBefore = process.memoryUsage().rss;
      const first = await verify();
      const rssLoaded = process.memoryUsage().rss;
      for (let i = 0; i < WARMUP; i++) await verify();
      const runs: number[][] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await verify());
      const memory = process.memoryUsage();

      console.log(`${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, ${RUNS} runs after ${WARMUP} warm-up`);
      console.log(`first verification (loads the models): ${first.map(Math.round).join(' + ')} ms`);
      console.log('\n| request | median / p95 / max ms |\n|---|---|');
      console.log(`| detection | ${summary(runs.map((r) => r[0]!))} |`);
      console.log(`| silence | ${summary(runs.map((r) => r[1]!))} |`);
      console.log(`| faceCompare | ${summary(runs.map((r) => r[2]!))} |`);
      console.log(`| all three | ${summary(runs.map((r) => r[0]! + r[1]! + r[2]!))} |`);
      console.log(
        `\nrss ${MB(rssBefore)} before the first check → ${MB(rssLoaded)} with the models → ${MB(memory.rss)} after the runs (external ${MB(memory.external)}, heap ${MB(memory.heapUsed)})`,
      );
    } finally {
      await server.close();
      await database.dispose();
    }
  },
};
