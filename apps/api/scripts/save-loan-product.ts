import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { prepareDatabase } from '../src/db/prepare-database.ts';
import { loadConfig } from '../src/config/env.ts';
import type { LoanProductTerms } from '../src/domain/loan-product-terms.ts';
import { money } from '../src/domain/money.ts';
import { AppError } from '../src/errors/app-error.ts';
import { saveLoanProduct } from '../src/modules/loans/save-loan-product.ts';
import { seedLoanProducts } from '../src/modules/loans/seed-loan-products.ts';

/**
 * npx tsx apps/api/scripts/save-loan-product.ts <product.json> — the operator's way to add
 * or change a loan product until the back office exists, on the configured database
 * (DATABASE_URL, else the PGlite folder). It goes through saveLoanProduct, so a product
 * whose APR could exceed the cap for any amount and term (extensions included), or with a
 * term under the minimum, is refused with the reasons and nothing is written. A product
 * with an existing name is replaced. Example file:
 *
 *   { "name": "分期輕鬆還", "method": "equalInstalments", "annualRatePercent": 12,
 *     "amount": { "min": 10000, "max": 100000, "step": 1000 }, "terms": [3, 6, 12],
 *     "fees": [], "extension": null, "enabled": true, "sortOrder": 2 }
 *
 * Running instances show the change at once (products are read on every request).
 */
const ZMoney = z.number().int().nonnegative();
const ZFee = z.object({ code: z.string().min(1), name: z.string().min(1), fixed: ZMoney, percentOfPrincipal: z.number().nonnegative() });
const ZProductFile = z.object({
  name: z.string().min(1).max(40),
  method: z.enum(['singleRepayment', 'equalInstalments']),
  annualRatePercent: z.number().nonnegative(),
  amount: z.object({ min: ZMoney, max: ZMoney, step: ZMoney }),
  terms: z.array(z.number().int().positive()),
  fees: z.array(ZFee).default([]),
  extension: z
    .object({
      periodDays: z.number().int().positive(),
      maxCount: z.number().int().nonnegative(),
      windowDays: z.number().int().nonnegative(),
      fee: ZFee,
    })
    .nullable()
    .default(null),
  enabled: z.boolean().default(true),
  sortOrder: z.number().int().default(0),
});

const file = process.argv[2];
if (!file) {
  console.error('usage: npx tsx apps/api/scripts/save-loan-product.ts <product.json>');
  process.exit(2);
}
const parsed = ZProductFile.safeParse(JSON.parse(await readFile(file, 'utf8')));
if (!parsed.success) {
  console.error(`not a product: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  process.exit(2);
}
const input = parsed.data;
const feeRule = (fee: z.infer<typeof ZFee>) => ({ ...fee, fixed: money(fee.fixed) });
const terms: LoanProductTerms = {
  method: input.method,
  annualRatePercent: input.annualRatePercent,
  amount: { min: money(input.amount.min), max: money(input.amount.max), step: money(input.amount.step) },
  terms: input.terms,
  fees: input.fees.map(feeRule),
  extension: input.extension ? { ...input.extension, fee: feeRule(input.extension.fee) } : null,
};

const handle = await prepareDatabase(loadConfig());
try {
  // A fresh database gets the default products first, as the server's first start would.
  await seedLoanProducts({ db: handle.db, now: new Date() });
  const { id } = await saveLoanProduct({
    db: handle.db,
    now: new Date(),
    product: { name: input.name, terms, enabled: input.enabled, sortOrder: input.sortOrder },
  });
  console.log(`saved loan product ${id} 「${input.name}」`);
} catch (error) {
  if (!(error instanceof AppError)) throw error;
  console.error(`refused, nothing saved: ${error.userMessage}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
