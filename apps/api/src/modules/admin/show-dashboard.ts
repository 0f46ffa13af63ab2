import type { TDashboardFigures, TDashboardResponse, TFunnelRow } from '@app/contract/admin/admin-report-schemas.ts';
import { FUNNEL_STEPS } from '@app/contract/admin/admin-report-schemas.ts';
import { taipeiCalendarDate } from '@app/contract/taipei-time.ts';
import type { Db } from '../../db/client.ts';
import { bankAccountFlag } from '../bank-accounts/index.ts';
import { faceCheckFlag } from '../face-check/index.ts';
import { onboardingStepFlags } from '../onboarding/index.ts';
import { countDecisionsByDay, countOverdueOrders, orderFunnelFlags } from '../orders/index.ts';
import { sumPayoutsByDay } from '../payments/index.ts';
import { countInstalmentsOverdue, sumCollectionsByDay } from '../repayments/index.ts';
import { countVisitorsByChannel } from '../tracking/index.ts';
import { registeredUsers } from '../users/index.ts';
import { COHORT_USER_ID, selectCohortCounts } from './admin-repository.ts';
import { addDays, daysFrom, instantsOf } from './taipei-days.ts';

/** The dashboard's period: the 30 Taipei days that end today. */
export const DASHBOARD_DAYS = 30;

type Daily = TDashboardResponse['daily'][number];

/**
 * Today and the last 30 days (Taipei), every figure counted in SQL by the module that owns
 * it: applications, approvals and refusals (orders' state history), money paid out
 * (payments: completed payouts), collected (repayments: credited payments), overdue
 * (today: orders overdue of those being repaid; the period: instalments due on its days
 * before today not settled by the end of their due day), and the funnel of the people who
 * registered in the period, by source channel, each step its owner's flag counted over that cohort.
 */
export async function showDashboard(options: { db: Db; now: Date }): Promise<TDashboardResponse> {
  const { db } = options;
  const today = taipeiCalendarDate(options.now);
  const from = addDays(today, -(DASHBOARD_DAYS - 1));
  const period = instantsOf(from, today);
  const [decisions, payouts, collections, overdueNow, instalments, visitors, cohort] = await Promise.all([
    countDecisionsByDay({ db, ...period }),
    sumPayoutsByDay({ db, ...period }),
    sumCollectionsByDay({ db, ...period }),
    countOverdueOrders({ db }),
    countInstalmentsOverdue({ db, fromDay: from, toDay: addDays(today, -1) }),
    countVisitorsByChannel({ db, ...period }),
    selectCohortCounts(db, registeredUsers(period), {
      ...onboardingStepFlags(COHORT_USER_ID),
      bankCard: bankAccountFlag(COHORT_USER_ID),
      face: faceCheckFlag(COHORT_USER_ID),
      ...orderFunnelFlags(COHORT_USER_ID),
    }),
  ]);

  const daily = new Map<string, Daily>(
    daysFrom(from, today).map((day) => [day, { day, applications: 0, approved: 0, refused: 0, paidOutAmount: 0, collectedAmount: 0 }]),
  );
  const paidOutCount = new Map<string, number>();
  const collectedCount = new Map<string, number>();
  for (const row of decisions)
    Object.assign(daily.get(row.day) ?? {}, { applications: row.applications, approved: row.approved, refused: row.refused });
  for (const row of payouts) {
    const day = daily.get(row.day);
    if (day) day.paidOutAmount = row.amount;
    paidOutCount.set(row.day, row.count);
  }
  for (const row of collections) {
    const day = daily.get(row.day);
    if (day) day.collectedAmount = row.amount;
    collectedCount.set(row.day, row.count);
  }

  const figuresOf = (days: Daily[], overdue: number, overdueBase: number): TDashboardFigures => {
    const sum = (pick: (day: Daily) => number) => days.reduce((total, day) => total + pick(day), 0);
    const count = (counts: Map<string, number>) => days.reduce((total, day) => total + (counts.get(day.day) ?? 0), 0);
    return {
      applications: sum((day) => day.applications),
      approved: sum((day) => day.approved),
      refused: sum((day) => day.refused),
      paidOutCount: count(paidOutCount),
      paidOutAmount: sum((day) => day.paidOutAmount),
      collectedCount: count(collectedCount),
      collectedAmount: sum((day) => day.collectedAmount),
      overdue,
      overdueBase,
    };
  };
  const days = [...daily.values()];
  const todayRow = days.filter((day) => day.day === today);

  const channels = new Set([...cohort.map((row) => row.channel), ...visitors.keys()]);
  const funnel: TFunnelRow[] = [...channels].map((channel) => {
    const row = cohort.find((entry) => entry.channel === channel);
    const step = Object.fromEntries(
      FUNNEL_STEPS.map(({ key }) => [key, key === 'launched' ? (visitors.get(channel) ?? 0) : Number(row?.[key as keyof typeof row] ?? 0)]),
    );
    return { channel, ...step } as TFunnelRow;
  });
  funnel.sort((a, b) => b.registered - a.registered || b.launched - a.launched || a.channel.localeCompare(b.channel));

  return {
    today,
    from,
    todayFigures: figuresOf(todayRow, overdueNow.overdue, overdueNow.repaying),
    periodFigures: figuresOf(days, instalments.overdue, instalments.due),
    daily: days,
    funnel,
  };
}
