import type { TAuditListResponse } from '@app/contract/admin/admin-schemas.ts';
import type { Db } from '../../db/client.ts';
import { selectAudit } from './admin-repository.ts';
import { taipeiDayStart } from './taipei-days.ts';

const PAGE_SIZE = 50;

/** The audit trail, newest first, filtered by operator, action, target and Taipei days (both included). */
export async function listAudit(options: {
  db: Db;
  operator?: string | undefined;
  action?: string | undefined;
  target?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}): Promise<TAuditListResponse> {
  const until = options.to ? new Date(taipeiDayStart(options.to).getTime() + 86_400_000) : undefined;
  const { rows, total } = await selectAudit(
    options.db,
    {
      operatorName: options.operator,
      action: options.action,
      target: options.target,
      from: options.from ? taipeiDayStart(options.from) : undefined,
      until,
    },
    PAGE_SIZE,
    (options.page - 1) * PAGE_SIZE,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      operator: row.operatorName,
      action: row.action,
      target: row.target,
      before: row.before,
      after: row.after,
    })),
    total,
    pageSize: PAGE_SIZE,
  };
}
