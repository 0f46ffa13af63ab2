import os from 'node:os';
import { ID_CARD_FIELDS } from '@app/contract/schemas/identity-document.ts';
import { TesseractIdCardReader, warmUpTesseract } from '../../src/modules/identity-document/tesseract-ocr-engine.ts';
import { testCard } from '../../src/modules/identity-document/test-id-cards.ts';
import type { KycBenchPart } from '../bench-kyc.ts';

/**
 * ID card OCR (onboarding step 3, ocrCheck's reader) on the generated cards of the tests
 * (test-id-cards.ts): the model load, then one reading at a time after WARMUP readings,
 * RUNS measured; memory (rss) before the load, after it and after the runs; and how many
 * fields were read exactly, per field and whole cards.
 */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const MB = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `${Math.round(at(0.5))} / ${Math.round(at(0.95))} / ${Math.round(sorted.at(-1)!)}`;
}

export const ocrPart: KycBenchPart = {
  name: 'ocr',
  async run() {
    const reader = new TesseractIdCardReader();
    try {
      const rssBefore = process.memoryUsage().rss;
      const loadStart = performance.now();
      await warmUpTesseract();
      const loadMs = performance.now() - loadStart;
      const rssLoaded = process.memoryUsage().rss;
      for (let i = 0; i < WARMUP; i++) await reader.readFront(testCard(900 + i).image);

      const times: number[] = [];
      const hits: Record<string, number> = Object.fromEntries(ID_CARD_FIELDS.map((field) => [field, 0]));
      let whole = 0;
      for (let i = 0; i < RUNS; i++) {
        const { person, image } = testCard(i);
        const start = performance.now();
        const { fields } = await reader.readFront(image);
        times.push(performance.now() - start);
        let all = true;
        for (const field of ID_CARD_FIELDS) {
          if (fields[field].value === person[field]) hits[field]! += 1;
          else all = false;
        }
        if (all) whole += 1;
      }
      const memory = process.memoryUsage();
      console.log(`${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}, ${RUNS} cards after ${WARMUP} warm-up`);
      console.log(`model load (chi_tra + eng workers): ${Math.round(loadMs)} ms`);
      console.log('\n| measure | value |\n|---|---|');
      console.log(`| one reading (readFront: both passes, parse), median / p95 / max | ${summary(times)} ms |`);
      console.log(`| rss before load / after load / after runs | ${MB(rssBefore)} / ${MB(rssLoaded)} / ${MB(memory.rss)} |`);
      for (const field of ID_CARD_FIELDS) console.log(`| ${field} read exactly | ${hits[field]}/${RUNS} |`);
      console.log(`| every field of the card | ${whole}/${RUNS} |`);
    } finally {
      await reader.release();
    }
  },
};
