import { facePart } from './kyc/face.ts';
import { ocrPart } from './kyc/ocr.ts';

/**
 * npm run bench:kyc [-- part…] — the identity checks of onboarding (models on this
 * machine's CPU), one part each: `ocr` (step 3: the ID card front's reader on generated
 * cards), `face` (step 5: detection, silent liveness, comparison
 * with the ID card front, through HTTP on the real app). With no argument every part runs.
 * A part is a file in scripts/kyc/ exporting a KycBenchPart; add it to PARTS.
 * Results go to docs/benchmarks.md by hand (timings are never asserted in tests).
 */
export interface KycBenchPart {
  name: string;
  /** Runs the part and prints its table; resolves when done. */
  run(): Promise<void>;
}

const PARTS: KycBenchPart[] = [ocrPart, facePart];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !PARTS.some((part) => part.name === name));
if (unknown.length > 0) {
  console.error(`unknown part(s): ${unknown.join(', ')}; parts: ${PARTS.map((part) => part.name).join(', ')}`);
  process.exit(2);
}
for (const part of PARTS) {
  if (wanted.length > 0 && !wanted.includes(part.name)) continue;
  console.log(`\n## ${part.name}\n`);
  await part.run();
}
process.exit(0);
