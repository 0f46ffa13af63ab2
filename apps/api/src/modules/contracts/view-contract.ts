import { CONTRACT_NOT_FOUND, CONTRACT_PDF_UNSIGNED } from '@app/contract/messages/contracts.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { FileAnswer } from '../../plugins/envelope-codec.ts';
import type { BankDirectory } from '../bank-accounts/index.ts';
import { getOrderOfUser, listReceivingAccountChanges } from '../orders/index.ts';
import { CURRENT_CONTRACT_TEMPLATE } from './contract-templates.ts';
import type { ContractLender } from './contract-terms.ts';
import { selectContractOfUserOrder } from './contracts-repository.ts';
import { gatherContractTerms } from './gather-contract-terms.ts';
import { receivingAccountAddendum, withAddendum } from './receiving-account-addendum.ts';
import { renderContractPdf } from './render-contract-pdf.ts';

const notFound = (message: string) => new AppError('NOT_FOUND', { userMessage: CONTRACT_NOT_FOUND, message });

/**
 * The contract of one of the caller's orders: once signed, the stored HTML exactly as
 * signed (or its PDF); before, while the order awaits signature (待簽約), the current
 * template filled with the order's terms. A signed contract whose receiving account changed
 * after a failed payout is followed by its addendum (decision 0174): the changes as the
 * borrower confirmed them and the account paid to, in the HTML and the PDF alike. An unknown
 * order, another user's, or one without a contract (cancelled before signing) all get the
 * same refusal.
 */
export async function viewContract(options: {
  db: Db;
  directory: BankDirectory;
  lender: ContractLender;
  userId: number;
  phone: string;
  orderId: number;
  format: 'html' | 'pdf';
}): Promise<string | FileAnswer> {
  const { db, userId, orderId } = options;
  const order = await getOrderOfUser({ db, userId, orderId });
  if (!order) throw notFound('no such order of the caller');
  const [signed, changes] = await Promise.all([
    selectContractOfUserOrder(db, userId, orderId),
    listReceivingAccountChanges({ db, orderId }),
  ]);
  // The stored text as signed, then the addendum: the signed row itself is never rewritten.
  const addendum = receivingAccountAddendum(changes, order);
  if (options.format === 'pdf') {
    if (!signed) throw new AppError('BUSINESS_RULE', { userMessage: CONTRACT_PDF_UNSIGNED, message: 'pdf of an unsigned contract' });
    const pdf = await renderContractPdf({
      html: withAddendum(signed.html, addendum),
      contractNo: signed.contractNo,
      signedAt: signed.signedAt,
      lenderName: options.lender.name,
    });
    return new FileAnswer(pdf, 'application/pdf', `借款契約-${signed.contractNo}.pdf`);
  }
  if (signed) return withAddendum(signed.html, addendum);
  if (order.state !== '待簽約') throw notFound('order has no contract');
  const terms = await gatherContractTerms({ db, directory: options.directory, lender: options.lender, order, phone: options.phone });
  return CURRENT_CONTRACT_TEMPLATE.render(terms, null);
}
