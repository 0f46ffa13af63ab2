import { ORDER_NOT_FOUND } from '@app/contract/messages/orders.ts';
import { PAYOUT_ACCOUNT_NOT_FAILED, PAYOUT_ACCOUNT_SAME, payoutAccountAddendumText } from '@app/contract/messages/payout-account.ts';
import { BANK_CARD_NOT_FOUND } from '@app/contract/messages/bank-accounts.ts';
import type { TChangePayoutAccountResponse } from '@app/contract/schemas/orders.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { type BankDirectory, listBankAccounts } from '../bank-accounts/index.ts';
import { changeReceivingAccount, lockOrder } from '../orders/index.ts';
import { selectLatestPayoutOfOrderForUpdate } from './payments-repository.ts';

const refuse = (userMessage: string, message: string) => new AppError('BUSINESS_RULE', { userMessage, message });

/**
 * The borrower names another of their bound accounts as the order's receiving account
 * after its payout failed (decision 0169), in one transaction: the order locked, then its
 * latest payout (the lock a retry takes), so a change and finance's retry never cross — a
 * change after the retry is refused, and a retry after the change pays the new account (the
 * gateway job and the batch file read the order's account when they send). Refused, with
 * nothing changed: another user's order (not found, as a missing one), an order not
 * 放款中, a latest payout not failed (waiting, sent, paid, held — or retried: the retry is
 * the latest), an account not the caller's (bindCard's checks made it theirs), or the same
 * account. The change is kept with the contract's addendum the borrower confirmed in the app
 * and where from (decision 0174). The money is finance's to send again (the console's 重新撥款), never sent here.
 */
export async function changePayoutAccount(options: {
  db: Db;
  directory: BankDirectory;
  userId: number;
  orderId: number;
  cardId: string;
  now: Date;
  /** Where the borrower confirmed from, kept with the addendum (decision 0174). */
  client: { address: string; userAgent: string };
}): Promise<TChangePayoutAccountResponse> {
  const { directory, userId, orderId, cardId, now } = options;
  return options.db.transaction(async (tx) => {
    const order = await lockOrder({ db: tx, orderId });
    if (!order || order.userId !== userId) throw refuse(ORDER_NOT_FOUND, 'order not found');
    if (order.state !== '放款中') throw refuse(PAYOUT_ACCOUNT_NOT_FAILED, `order ${order.state}`);
    const payout = await selectLatestPayoutOfOrderForUpdate(tx, order.id);
    if (payout?.state !== 'failed' || payout.retriedAt !== null) throw refuse(PAYOUT_ACCOUNT_NOT_FAILED, 'payout not failed');
    const { cards } = await listBankAccounts({ db: tx, directory, userId });
    const card = cards.find((own) => own.id === cardId);
    if (!card) throw refuse(BANK_CARD_NOT_FOUND, 'bank account not found');
    if (Number(card.id) === order.bankAccountId) throw refuse(PAYOUT_ACCOUNT_SAME, 'same account');
    const label = `${card.bankName} ${card.accountMasked}`;
    await changeReceivingAccount({
      db: tx,
      order,
      bankAccountId: Number(card.id),
      label,
      failedPayoutId: payout.id,
      cause: 'borrower',
      now,
      // The addendum the app showed in its confirmation: the same words from the same accounts.
      confirmation: {
        text: payoutAccountAddendumText({ from: order.bankAccountLabel, to: label }),
        clientAddress: options.client.address,
        userAgent: options.client.userAgent,
      },
    });
    return { bankAccount: label };
  });
}
