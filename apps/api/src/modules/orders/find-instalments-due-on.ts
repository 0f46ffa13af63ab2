import type { Db } from '../../db/client.ts';
import type { CalendarDate } from '../../domain/loan-schedule/calendar-date.ts';
import { instalmentOwed, toOrderInstalment, type OrderInstalment } from './order-instalment.ts';
import { selectOwingInstalmentsDueOn } from './orders-repository.ts';

export interface OwingInstalment {
  orderId: number;
  userId: number;
  productName: string;
  instalment: OrderInstalment;
  /** What the instalment still owes. */
  owed: number;
}

/** Instalments of repaying orders due on one of `dates` that still owe something (reminders). */
export async function findInstalmentsDueOn(options: { db: Db; dates: readonly CalendarDate[] }): Promise<OwingInstalment[]> {
  const rows = await selectOwingInstalmentsDueOn(options.db, options.dates);
  return rows.map(({ order, instalment }) => {
    const balance = toOrderInstalment(instalment);
    return { orderId: order.id, userId: order.userId, productName: order.productName, instalment: balance, owed: instalmentOwed(balance) };
  });
}
