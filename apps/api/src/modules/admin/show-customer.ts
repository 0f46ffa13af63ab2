import type { TCustomerDetailResponse } from '@app/contract/admin/admin-customer-schemas.ts';
import { maskTaiwanMobile } from '@app/contract/validators/mobile.ts';
import type { Db } from '../../db/client.ts';
import { bankAccountFlag, type BankDirectory, listBankAccounts } from '../bank-accounts/index.ts';
import { faceCheckFlag } from '../face-check/index.ts';
import { getBorrowerIdentity, onboardingStepFlags } from '../onboarding/index.ts';
import { listUserOrders } from '../orders/index.ts';
import { listUserPayments } from '../repayments/index.ts';
import { getUserRegistration } from '../users/index.ts';
import { boundUserId, selectAuditOfTargets, selectFlags } from './admin-repository.ts';
import { maskName } from './list-reviews.ts';

const AUDIT_LINES = 100;

/** 1990-05-12 → 1990-**-**. */
const maskBirthDate = (date: string) => `${date.slice(0, 4)}-**-**`;

/**
 * One person as staff see them: who (name, mobile and birth date whole only when
 * `unmasked`; the ID number always masked), the onboarding steps done, the bank accounts as
 * the borrower's app masks them, every order, every payment, and what operators did to
 * them and their orders. Null for no such user.
 */
export async function showCustomer(options: {
  db: Db;
  directory: BankDirectory;
  userId: number;
  unmasked: boolean;
}): Promise<TCustomerDetailResponse | null> {
  const { db, userId, unmasked } = options;
  const registration = await getUserRegistration({ db, userId });
  if (!registration) return null;
  const param = boundUserId(userId);
  const [identity, steps, cards, orders, payments] = await Promise.all([
    getBorrowerIdentity({ db, userId }),
    selectFlags(db, { ...onboardingStepFlags(param), bankCard: bankAccountFlag(param), face: faceCheckFlag(param) }),
    listBankAccounts({ db, directory: options.directory, userId }),
    listUserOrders({ db, userId }),
    listUserPayments({ db, userId }),
  ]);
  const orderNos = new Map(orders.map((order) => [order.id, order.orderNo]));
  const audit = await selectAuditOfTargets(db, [`user:${userId}`, ...orders.map((order) => `order:${order.orderNo}`)], AUDIT_LINES);
  return {
    unmasked,
    person: {
      userId,
      mobile: registration.phone && (unmasked ? registration.phone : maskTaiwanMobile(registration.phone)),
      name: identity && (unmasked ? identity.name : maskName(identity.name)),
      idNumber: identity?.maskedIdNumber ?? null,
      birthDate: identity && (unmasked ? identity.birthDate : maskBirthDate(identity.birthDate)),
      gender: identity?.gender ?? null,
      registeredAt: registration.registeredAt.toISOString(),
      sourceChannel: registration.sourceChannel,
    },
    steps,
    bankAccounts: cards.cards.map((card) => ({
      bankName: card.bankName,
      branchName: card.branchName,
      accountMasked: card.accountMasked,
      isDefault: card.isDefault,
    })),
    orders: orders.map((order) => ({
      orderId: order.id,
      orderNo: order.orderNo,
      state: order.state,
      productName: order.productName,
      principal: order.principal,
      createdAt: order.createdAt.toISOString(),
    })),
    payments: payments.map((payment) => ({
      orderId: payment.orderId,
      orderNo: orderNos.get(payment.orderId) ?? '',
      kind: payment.kind,
      channel: payment.channel,
      amount: payment.amount,
      state: payment.state,
      createdAt: payment.createdAt.toISOString(),
      paidAt: payment.paidAt?.toISOString() ?? null,
    })),
    audit: audit.map((row) => ({ at: row.at.toISOString(), operator: row.operatorName, action: row.action, target: row.target })),
  };
}
