import { z } from 'zod';
import { taipeiCalendarDate } from '../taipei-time.ts';

/** The back office's figures: the dashboard, the daily reconciliation and the CSV exports. Amounts are integer NT$. */

const ZDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const ZCount = z.number().int().nonnegative();
const ZAmount = z.number().int();

/** The funnel's steps in order, as the dashboard labels them. */
export const FUNNEL_STEPS = [
  { key: 'launched', label: '開啟 App' },
  { key: 'registered', label: '登入註冊' },
  { key: 'personal', label: '基本資料' },
  { key: 'contacts', label: '緊急聯絡人' },
  { key: 'idCard', label: '身分證' },
  { key: 'bankCard', label: '綁定銀行卡' },
  { key: 'face', label: '人臉辨識' },
  { key: 'applied', label: '申請' },
  { key: 'signed', label: '簽約' },
  { key: 'paidOut', label: '撥款' },
] as const;
export type TFunnelStep = (typeof FUNNEL_STEPS)[number]['key'];

/**
 * One period's figures. Rates travel as their two counts (the console divides):
 * approval = approved / (approved + refused) of the decisions made in the period;
 * overdue = `overdue` / `overdueBase` (see the dashboard's definitions).
 */
export const ZDashboardFiguresSchema = z.object({
  applications: ZCount,
  approved: ZCount,
  refused: ZCount,
  paidOutCount: ZCount,
  paidOutAmount: ZAmount,
  collectedCount: ZCount,
  collectedAmount: ZAmount,
  overdue: ZCount,
  overdueBase: ZCount,
});
export type TDashboardFigures = z.infer<typeof ZDashboardFiguresSchema>;

export const ZDashboardDaySchema = z.object({
  day: ZDaySchema,
  applications: ZCount,
  approved: ZCount,
  refused: ZCount,
  paidOutAmount: ZAmount,
  collectedAmount: ZAmount,
});

export const ZFunnelRowSchema = z
  .object({ channel: z.string() })
  .extend(Object.fromEntries(FUNNEL_STEPS.map((step) => [step.key, ZCount])) as Record<TFunnelStep, typeof ZCount>);
export type TFunnelRow = z.infer<typeof ZFunnelRowSchema>;

export const ZDashboardResponseSchema = z.object({
  /** Taipei days: today, and the first of the 30 days that end today. */
  today: ZDaySchema,
  from: ZDaySchema,
  todayFigures: ZDashboardFiguresSchema,
  periodFigures: ZDashboardFiguresSchema,
  daily: z.array(ZDashboardDaySchema),
  /** People who registered in the 30 days, by source channel, and how far each got (launches: devices seen). */
  funnel: z.array(ZFunnelRowSchema),
});
export type TDashboardResponse = z.infer<typeof ZDashboardResponseSchema>;

/** A range of Taipei days, both included, at most a year long. */
export const ZDayRangeQuerySchema = z
  .object({ from: ZDaySchema, to: ZDaySchema })
  .refine((range) => range.from <= range.to, { path: ['to'] })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= 366 * 86_400_000, { path: ['to'] });
export type TDayRangeQuery = z.infer<typeof ZDayRangeQuerySchema>;

/** Days the reconciliation shows when none are asked for: the 7 Taipei calendar days ending today. */
export const RECONCILIATION_DEFAULT_DAYS = 7;

/**
 * The reconciliation's default range at `now`, in Taipei calendar days (UTC+8, whatever zone
 * the browser or the server runs in): from 16:00 UTC the Taipei day is already the next one.
 */
export function defaultReconciliationRange(now: Date): TDayRangeQuery {
  const to = taipeiCalendarDate(now);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (RECONCILIATION_DEFAULT_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** The reconciliation's range: both days, or neither (the default range, counted by the server's clock). */
export const ZReconciliationQuerySchema = z
  .object({ from: ZDaySchema.optional(), to: ZDaySchema.optional() })
  .refine((range) => (range.from === undefined) === (range.to === undefined), { path: ['to'] })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { path: ['to'] })
  .refine((range) => !range.from || !range.to || Date.parse(range.to) - Date.parse(range.from) <= 366 * 86_400_000, { path: ['to'] });

export const RECONCILIATION_DIFFERENCES = {
  notCredited: '閘道已通知收款，帳上未入帳',
  creditWithoutNotice: '帳上已入帳，查無閘道通知',
  amountDiffers: '入帳金額與閘道通知不符',
} as const;
export type TReconciliationDifference = keyof typeof RECONCILIATION_DIFFERENCES;

export const ZReconciliationResponseSchema = z.object({
  days: z.array(
    z.object({
      day: ZDaySchema,
      notifiedCount: ZCount,
      notifiedAmount: ZAmount,
      creditedCount: ZCount,
      creditedAmount: ZAmount,
      /** notifiedAmount − creditedAmount. */
      difference: ZAmount,
    }),
  ),
  differences: z.array(
    z.object({
      day: ZDaySchema,
      kind: z.enum(Object.keys(RECONCILIATION_DIFFERENCES) as [TReconciliationDifference, ...TReconciliationDifference[]]),
      gateway: z.string(),
      transactionId: z.string(),
      orderId: z.number().int().nullable(),
      /** What the gateway's notification said (null: none), its outcome here, and what was credited (null: nothing). */
      notifiedAmount: ZAmount.nullable(),
      outcome: z.string().nullable(),
      creditedAmount: ZAmount.nullable(),
    }),
  ),
});
export type TReconciliationResponse = z.infer<typeof ZReconciliationResponseSchema>;

export const EXPORT_KINDS = {
  payouts: '撥款明細',
  collections: '收款明細',
  journal: '帳務分錄',
} as const;
export type TExportKind = keyof typeof EXPORT_KINDS;
export const ZExportParamsSchema = z.object({ kind: z.enum(Object.keys(EXPORT_KINDS) as [TExportKind, ...TExportKind[]]) });
