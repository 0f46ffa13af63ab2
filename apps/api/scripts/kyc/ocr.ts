import os from 'node:os';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { ID_CARD_FIELDS, LOW_CONFIDENCE, type IdCardField } from '@app/contract/schemas/identity-document.ts';
import { warmUpTesseract } from '../../src/modules/identity-document/tesseract-ocr-engine.ts';
import { lookAlikeCards, testCard, variedTestCard, type CardPerson } from '../../src/modules/identity-document/test-id-cards.ts';
import { bodyOf, loginWithCode, randomMobile, startAccountsServer, uploadFile } from '../../src/test/accounts-test-kit.ts';
import { openTestDatabase } from '../../src/test/test-database.ts';
import type { KycBenchPart } from '../bench-kyc.ts';

/**
 * ID card OCR (onboarding step 3) through HTTP on the real app (PGlite): each generated
 * card uploaded, then `ocrCheck` timed (the reading, the parse, the stored proposal). The
 * first reading loads the models (reported apart), WARMUP more follow, then three sets, one
 * card at a time: the tests' cards (test-id-cards.ts `testCard`, BENCH_RUNS of them), the
 * harder set (`variedTestCard`: other typefaces, glare, reflections, angle; BENCH_VARIED)
 * and the look-alike cases (`lookAlikeCards`). Per set and field: read exactly, asked (no
 * value, or one under LOW_CONFIDENCE: the page asks the user to check it), and wrong but
 * shown as confident (a value at or over LOW_CONFIDENCE that is not the card's: must be 0).
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const VARIED = Number(process.env.BENCH_VARIED ?? 40);
const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `${Math.round(at(0.5))} / ${Math.round(at(0.95))} / ${Math.round(sorted.at(-1)!)}`;
}

type Proposed = { value: string | null; confidence: number; choices?: string[] };
type Card = { person: CardPerson; image: Buffer };

export const ocrPart: KycBenchPart = {
  name: 'ocr',
  async run() {
    const database = await openTestDatabase();
    const server = await startAccountsServer(database.handle, { env: { OCR_CHECKS_PER_HOUR: '100000' } });
    try {
      const user = await loginWithCode(server, randomMobile());
      const check = async (image: Buffer) => {
        const upload = await uploadFile(server, new Uint8Array(image), user.headers, { type: 'image/jpeg', name: 'front.jpg' });
        const frontKey = bodyOf<{ key: string }>(upload.envelope).key;
        const start = performance.now();
        const envelope = (await server.client.call(ENDPOINTS.userAuthOcrCheck, { frontKey }, user.headers)).envelope;
        const ms = performance.now() - start;
        // An unreadable card is refused (nothing proposed): every field asked.
        const fields = envelope?.status === 200 ? (envelope.body as { fields: Record<IdCardField, Proposed> }).fields : null;
        return { ms, fields };
      };

      const rssBefore = process.memoryUsage().rss;
      const loadStart = performance.now();
      await warmUpTesseract();
      const loadMs = performance.now() - loadStart;
      const rssLoaded = process.memoryUsage().rss;
      for (let i = 0; i < WARMUP; i++) await check(testCard(900 + i).image);

      const times: number[] = [];
      const measure = async (title: string, cards: Card[]) => {
        const exact: Record<string, number> = {};
        const asked: Record<string, number> = {};
        const wrong: Record<string, number> = {};
        const offered: Record<string, number> = {};
        let whole = 0;
        const misses: string[] = [];
        for (const [index, { person, image }] of cards.entries()) {
          const { ms, fields } = await check(image);
          times.push(ms);
          let all = true;
          for (const field of ID_CARD_FIELDS) {
            const proposed = fields?.[field] ?? { value: null, confidence: 0 };
            const among = proposed.value === null && (proposed.choices ?? []).includes(person[field]);
            if (proposed.value === person[field]) exact[field] = (exact[field] ?? 0) + 1;
            else if (among) offered[field] = (offered[field] ?? 0) + 1;
            else all = false;
            if (proposed.value === null || proposed.confidence < LOW_CONFIDENCE) asked[field] = (asked[field] ?? 0) + 1;
            else if (proposed.value !== person[field]) wrong[field] = (wrong[field] ?? 0) + 1;
            const choices = proposed.choices ? ` [${proposed.choices.join(',')}]` : '';
            if (proposed.value !== person[field])
              misses.push(`${index}:${field} ${String(proposed.value)}@${proposed.confidence.toFixed(2)}${choices}≠${person[field]}`);
          }
          if (all) whole += 1;
        }
        const n = cards.length;
        console.log(
          `\n${title} (${n} cards)\n\n| field | read exactly | no value, choices holding the card's | asked (none or under ${LOW_CONFIDENCE}) | wrong shown as confident |\n|---|---|---|---|---|`,
        );
        for (const field of ID_CARD_FIELDS)
          console.log(`| ${field} | ${exact[field] ?? 0}/${n} | ${offered[field] ?? 0} | ${asked[field] ?? 0} | ${wrong[field] ?? 0} |`);
        console.log(`| every field (exact or offered) | ${whole}/${n} | | | |`);
        if (process.env.BENCH_VERBOSE) console.log(misses.join('\n'));
      };

      await measure(
        'Test cards (testCard 0-…)',
        Array.from({ length: RUNS }, (_, i) => testCard(i)),
      );
      await measure(
        'Harder cards (variedTestCard 0-…)',
        Array.from({ length: VARIED }, (_, i) => variedTestCard(i)),
      );
      await measure('Look-alike names and O/D/Q letters (lookAlikeCards)', lookAlikeCards());

      const memory = process.memoryUsage();
      console.log(
        `\n${os.cpus().length} cores, load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}, after ${WARMUP} warm-up`,
      );
      console.log(`model load (chi_tra + eng workers): ${Math.round(loadMs)} ms`);
      console.log(`ocrCheck over HTTP (upload excluded), all cards, median / p95 / max: ${summary(times)} ms`);
      console.log(`rss before load / after load / after runs: ${MB(rssBefore)} / ${MB(rssLoaded)} / ${MB(memory.rss)}`);
    } finally {
      await server.close();
      await database.dispose();
    }
  },
};
