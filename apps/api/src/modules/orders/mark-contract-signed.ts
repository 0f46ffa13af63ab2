import type { Db } from '../../db/client.ts';
import { updateContractSigned } from './orders-repository.ts';

/** Records that the order's contract is signed (once; only while 待簽約). */
export function markContractSigned(options: { db: Db; orderId: number; at: Date }): Promise<boolean> {
  return updateContractSigned(options.db, options.orderId, options.at);
}
