import { ADMIN_SEARCH_UNRECOGNISED } from '@app/contract/admin/admin-messages.ts';
import type { TCustomerSearchKind, TCustomerSearchResponse } from '@app/contract/admin/admin-customer-schemas.ts';
import { normalizeTypedTaiwanMobile, maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import { isValidTaiwanIdentityNumber, normalizeIdentityNumber } from '@app/contract/validators/national-id.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { findUserIdByIdNumber, getBorrowerIdentity } from '../onboarding/index.ts';
import { findOrderByNumber } from '../orders/index.ts';
import { findUserByPhone, getUserRegistration } from '../users/index.ts';
import { maskName } from './list-reviews.ts';

/** An order number as orders makes them: L, the Taipei date, six digits or more. */
const ORDER_NO = /^L\d{14,}$/;

/** What the typed value is: a mobile, an ID or resident-certificate number, an order number; null when none. */
export function searchKindOf(query: string): { kind: TCustomerSearchKind; value: string } | null {
  const mobile = normalizeTypedTaiwanMobile(query);
  if (mobile) return { kind: 'mobile', value: mobile };
  const idNumber = normalizeIdentityNumber(query);
  if (isValidTaiwanIdentityNumber(idNumber)) return { kind: 'idNumber', value: idNumber };
  const orderNo = query.trim().toUpperCase();
  if (ORDER_NO.test(orderNo)) return { kind: 'orderNo', value: orderNo };
  return null;
}

/**
 * Exact search by mobile, ID number or order number: at most one person (with the order,
 * for an order number), name and mobile masked whatever the role — the page that follows
 * shows what the role may see, and is audited.
 */
export async function searchCustomers(options: { db: Db; query: string }): Promise<TCustomerSearchResponse> {
  const { db } = options;
  const search = searchKindOf(options.query);
  if (!search)
    throw new AppError('FIELD_INVALID', { userMessage: ADMIN_SEARCH_UNRECOGNISED, message: 'admin search value of no known kind' });
  let userId: number | null = null;
  let order: { id: number; orderNo: string } | null = null;
  if (search.kind === 'mobile') userId = (await findUserByPhone({ db, phone: search.value }))?.id ?? null;
  if (search.kind === 'idNumber') userId = await findUserIdByIdNumber({ db, idNumber: search.value });
  if (search.kind === 'orderNo') {
    const found = await findOrderByNumber({ db, orderNo: search.value });
    if (found) {
      userId = found.userId;
      order = { id: found.id, orderNo: search.value };
    }
  }
  const registration = userId === null ? null : await getUserRegistration({ db, userId });
  if (!registration) return { kind: search.kind, items: [] };
  const identity = await getBorrowerIdentity({ db, userId: registration.userId });
  return {
    kind: search.kind,
    items: [
      {
        userId: registration.userId,
        name: identity ? maskName(identity.name) : null,
        mobile: registration.phone ? maskTaiwanMobile(registration.phone) : null,
        registeredAt: registration.registeredAt.toISOString(),
        orderId: order?.id ?? null,
        orderNo: order?.orderNo ?? null,
      },
    ],
  };
}
