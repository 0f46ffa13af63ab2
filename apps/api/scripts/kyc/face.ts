import os from 'node:os';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { TFaceDetectionResponse } from '@app/contract/schemas/face-check.ts';
import {
  facematchCell,
  facematchTurnSequence,
  idCardWithPortrait,
  TURN_LEFT_CELLS,
  TURN_RIGHT_CELLS,
} from '../../src/modules/face-check/liveness-test-frames.ts';
import { bodyOf, loginWithCode, randomMobile, startAccountsServer, uploadFile, type LoggedIn } from '../../src/test/accounts-test-kit.ts';
import { confirmIdCardFront } from '../../src/test/id-card-test-kit.ts';
import { openTestDatabase } from '../../src/test/test-database.ts';
import type { KycBenchPart } from '../bench-kyc.ts';

/**
 * Face verification (step 5) through HTTP on the real app (PGlite, encrypted wire): a
 * still and a capture of the challenge (decision 0153: the facematch sample's man turning
 * his head, 6-8 frames of 440 px) through detection → silence → faceCompare, each request
 * timed (a new user each time: a user's frames are refused when sent again; new photo bytes
 * each time: the engine keeps recent analyses by bytes). The first
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
        bodyOf<{ key: string }>(
          (await uploadFile(server, new Uint8Array(bytes), user.headers, { type: 'image/jpeg', name: 'p.jpg' })).envelope,
        ).key;
      const still = await facematchCell(1);
      const card = await idCardWithPortrait(await sharp(still).modulate({ brightness: 0.85 }).jpeg({ quality: 70 }).toBuffer(), 190);
      const captures = {
        turn_left: await facematchTurnSequence(TURN_LEFT_CELLS, 1),
        turn_right: await facematchTurnSequence([...TURN_RIGHT_CELLS, 6, 6], 1),
      };

      // Each verification sends photos of its own: the engine keeps recent analyses by the
      // image's bytes (a frame sent again is not analysed twice), so the same bytes every run
      // would measure its cache. A brightness change of a few tenths of a percent per run
      // makes new bytes and leaves the faces as they were.
      let variant = 0;
      const own = (image: Buffer) =>
        sharp(image)
          .linear(1 - variant * 0.002, 0)
          .jpeg({ quality: 90 })
          .toBuffer();

      const verify = async () => {
        variant += 1;
        const user = await loginWithCode(server, randomMobile());
        const frontKey = await upload(user, await own(card));
        // Step 3 saves only a confirmed card (the reader is benchmarked in its own part).
        await confirmIdCardFront(server, user, frontKey);
        bodyOf((await server.client.call(ENDPOINTS.userAuthIdCardPhotos, { frontKey, backKey: frontKey }, user.headers)).envelope);
        const imageKey = await upload(user, await own(still));
        const times: number[] = [];
        let start = performance.now();
        const detected = bodyOf<TFaceDetectionResponse>(
          (await server.client.call(ENDPOINTS.userAuthDetection, { imageKey }, user.headers)).envelope,
        );
        times.push(performance.now() - start);
        const frames = detected.challenge === 'turn_left' ? captures.turn_left : captures.turn_right;
        const keys: string[] = [];
        for (const frame of frames) keys.push(await upload(user, await own(frame)));
        start = performance.now();
        const capture = { imageKey, nonce: detected.nonce, frames: keys.map((key, i) => ({ key, t: i * 400 })) };
        const judged = (await server.client.call(ENDPOINTS.userAuthSilence, capture, user.headers)).envelope;
        times.push(performance.now() - start);
        start = performance.now();
        const compared = (await server.client.call(ENDPOINTS.userAuthFaceCompare, { imageKey }, user.headers)).envelope;
        times.push(performance.now() - start);
        if (judged?.status !== 200 || compared?.status !== 200) console.log(`refused: ${judged?.message} / ${compared?.message}`);
        return times;
      };

      const rssBefore = process.memoryUsage().rss;
      const first = await verify();
      const rssLoaded = process.memoryUsage().rss;
      for (let i = 0; i < WARMUP; i++) await verify();
      const runs: number[][] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await verify());
      const memory = process.memoryUsage();
      // Why captures were refused, from the attempts' stored measures (what staff review sees).
      const verdicts = (await database.handle.db.execute(
        sql`select challenge, liveness_reason as reason, count(*)::int as n, round(min(turn_degrees)::numeric, 1) as min_turn,
              round(max(turn_degrees)::numeric, 1) as max_turn, round(min(antispoof_score)::numeric, 2) as min_antispoof,
              round(min(frame_similarity)::numeric, 2) as min_frame_similarity
            from face_check_attempts where capture_mode = 'camera' group by 1, 2 order by 1, 2`,
      )) as unknown as { rows: Array<Record<string, unknown>> };

      console.log(
        `${os.cpus().length} cores, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}, ${RUNS} runs after ${WARMUP} warm-up`,
      );
      console.log(`first verification (loads the models): ${first.map(Math.round).join(' + ')} ms`);
      console.log('\n| request | median / p95 / max ms |\n|---|---|');
      console.log(`| detection | ${summary(runs.map((r) => r[0]!))} |`);
      console.log(`| silence | ${summary(runs.map((r) => r[1]!))} |`);
      console.log(`| faceCompare | ${summary(runs.map((r) => r[2]!))} |`);
      console.log(`| all three | ${summary(runs.map((r) => r[0]! + r[1]! + r[2]!))} |`);
      console.log(
        '\n| challenge | refused for | captures | turn min-max ° | anti-spoof min | frame similarity min |\n|---|---|---|---|---|---|',
      );
      for (const v of verdicts.rows) {
        console.log(
          `| ${String(v.challenge)} | ${String(v.reason ?? 'passed')} | ${String(v.n)} | ${String(v.min_turn)}-${String(v.max_turn)} | ${String(v.min_antispoof)} | ${String(v.min_frame_similarity)} |`,
        );
      }
      console.log(
        `\nrss ${MB(rssBefore)} before the first check → ${MB(rssLoaded)} with the models → ${MB(memory.rss)} after the runs (external ${MB(memory.external)}, heap ${MB(memory.heapUsed)})`,
      );
    } finally {
      await server.close();
      await database.dispose();
    }
  },
};
