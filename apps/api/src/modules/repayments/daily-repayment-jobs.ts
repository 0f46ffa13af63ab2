import type { FastifyInstance } from 'fastify';
import { taipeiCalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { APR_CAP_PERCENT } from '../../domain/lending-limits.ts';
import { nextReminderTime, nextTaipeiTime } from '../../domain/reminder-hours.ts';
import type { Db } from '../../db/client.ts';
import { markOverdue } from './mark-overdue.ts';
import { sendDueReminders } from './send-due-reminders.ts';

/** The daily overdue run (00:05 Taipei) and the reminders (from 07:00 Taipei), on pg-boss queues. */
export const OVERDUE_QUEUE = 'repayments.overdue-daily';
export const REMINDER_QUEUE = 'repayments.reminders';

const DAILY_HOUR = 0;
const DAILY_MINUTE = 5;

interface DayJob {
  day: string;
}

/** One daily run: orders past due marked 已逾期 with today's overdue interest (safe to repeat). */
export async function runOverdue(options: { db: Db; now: Date }): Promise<number> {
  return markOverdue({
    db: options.db,
    today: taipeiCalendarDate(options.now),
    at: options.now,
    capPercent: APR_CAP_PERCENT,
  });
}

/**
 * Workers for both queues, and the chain that keeps them going: each overdue run queues
 * the next one at the next 00:05 Taipei and the day's reminders at 07:00; a reminder run
 * that finds itself outside 07:00-22:00 queues itself for the next morning. Keys are
 * per day on unique queues, so instances starting together, or a catch-up at start
 * meeting the scheduled run, queue one job per day (and a repeated run changes nothing).
 */
export async function registerDailyRepaymentJobs(app: FastifyInstance, options: { startChain: boolean }): Promise<void> {
  const queueNext = async (now: Date) => {
    const nextRun = nextTaipeiTime(now, DAILY_HOUR, DAILY_MINUTE);
    await app.jobs.send<DayJob>({
      name: OVERDUE_QUEUE,
      data: { day: taipeiCalendarDate(nextRun) },
      startAfter: nextRun,
      singletonKey: `overdue:${taipeiCalendarDate(nextRun)}`,
    });
    const reminders = nextReminderTime(now);
    await app.jobs.send<DayJob>({
      name: REMINDER_QUEUE,
      data: { day: taipeiCalendarDate(reminders) },
      startAfter: reminders,
      singletonKey: `reminders:${taipeiCalendarDate(reminders)}`,
    });
  };

  await app.jobs.work<DayJob>(
    OVERDUE_QUEUE,
    async () => {
      const now = app.clock.now();
      const changed = await runOverdue({ db: app.db, now });
      app.log.info({ day: taipeiCalendarDate(now), changed }, 'overdue run');
      await queueNext(now);
    },
    { unique: true },
  );
  await app.jobs.work<DayJob>(
    REMINDER_QUEUE,
    async () => {
      const now = app.clock.now();
      const result = await sendDueReminders({ db: app.db, sms: app.sms, now });
      if (result.waiting) {
        const morning = nextReminderTime(now);
        await app.jobs.send<DayJob>({
          name: REMINDER_QUEUE,
          data: { day: taipeiCalendarDate(morning) },
          startAfter: morning,
          singletonKey: `reminders:${taipeiCalendarDate(morning)}`,
        });
      }
      app.log.info({ sent: result.sent, waiting: result.waiting }, 'reminder run');
    },
    { unique: true },
  );

  if (!options.startChain) return;
  // The catch-up at start: today's run now (a day missed while no instance was up), then the chain.
  app.addHook('onReady', async () => {
    const now = app.clock.now();
    const today = taipeiCalendarDate(now);
    await app.jobs.send<DayJob>({ name: OVERDUE_QUEUE, data: { day: today }, singletonKey: `overdue:${today}` });
  });
}
