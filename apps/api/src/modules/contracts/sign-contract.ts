import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  CONTRACT_ALREADY_SIGNED,
  CONTRACT_NOT_FOUND,
  CONTRACT_NOT_SIGNABLE,
  CONTRACT_SIGNATURE_INVALID,
  CONTRACT_SIGNATURE_TOO_LARGE,
} from '@app/contract/messages/contracts.ts';
import type { TContractAddResponse } from '@app/contract/schemas/loans.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import type { FileStorage } from '../../plugins/file-storage.ts';
import type { BankDirectory } from '../bank-accounts/index.ts';
import { getOrderOfUser, markContractSigned } from '../orders/index.ts';
import { readOwnImage } from '../uploads/index.ts';
import { contractNumber } from './contract-number.ts';
import { CURRENT_CONTRACT_TEMPLATE } from './contract-templates.ts';
import type { ContractLender } from './contract-terms.ts';
import { insertContract, selectContractOfUserOrder } from './contracts-repository.ts';
import { gatherContractTerms } from './gather-contract-terms.ts';

/**
 * A signature is a small drawing (a phone canvas at 3x is about 1200 x 900 and tens of
 * KB); its bytes go into the contract's HTML, which is stored and served whole. The same
 * 1 MB the signature page checks before uploading.
 */
const MAX_SIGNATURE_BYTES = 1024 * 1024;
const MAX_SIGNATURE_SIDE = 4000;

const refuse = (userMessage: string, message: string) => new AppError('BUSINESS_RULE', { userMessage, message });

/** The signature's PNG bytes if the caller uploaded them and they decode as a PNG. */
async function readSignature(options: { db: Db; files: FileStorage; userId: number; key: string }): Promise<Buffer> {
  const image = await readOwnImage(options);
  if (!image || image.mime !== 'image/png') throw refuse(CONTRACT_SIGNATURE_INVALID, 'signature is not an own PNG upload');
  if (image.bytes.length > MAX_SIGNATURE_BYTES) throw refuse(CONTRACT_SIGNATURE_TOO_LARGE, 'signature too large');
  // The magic bytes said PNG; the PDF later decodes it, so it must really be one.
  const meta = await sharp(image.bytes)
    .metadata()
    .catch(() => null);
  if (!meta || meta.format !== 'png' || !meta.width || !meta.height) throw refuse(CONTRACT_SIGNATURE_INVALID, 'signature does not decode');
  if (meta.width > MAX_SIGNATURE_SIDE || meta.height > MAX_SIGNATURE_SIDE) throw refuse(CONTRACT_SIGNATURE_TOO_LARGE, 'signature too wide');
  return image.bytes;
}

/**
 * Signs the contract of the caller's order awaiting signature (待簽約): the current
 * template filled with the order's terms, the signature image embedded in it (so the
 * stored text is complete on its own, also after the uploads of a deleted account are
 * removed), stored with its SHA-256, the time (app clock), the client's address and
 * user agent; the order is marked signed in the same transaction. A second signature
 * is refused and changes nothing.
 */
export async function signContract(options: {
  db: Db;
  files: FileStorage;
  directory: BankDirectory;
  lender: ContractLender;
  userId: number;
  phone: string;
  orderId: number;
  signatureImageKey: string;
  now: Date;
  clientAddress: string;
  userAgent: string;
}): Promise<TContractAddResponse> {
  const { db, userId, orderId, now } = options;
  const order = await getOrderOfUser({ db, userId, orderId });
  if (!order) throw new AppError('NOT_FOUND', { userMessage: CONTRACT_NOT_FOUND, message: 'no such order of the caller' });
  if (order.contractSignedAt || (await selectContractOfUserOrder(db, userId, orderId))) {
    throw refuse(CONTRACT_ALREADY_SIGNED, 'contract already signed');
  }
  if (order.state !== '待簽約') throw refuse(CONTRACT_NOT_SIGNABLE, `order is ${order.state}`);
  const signature = await readSignature({ db, files: options.files, userId, key: options.signatureImageKey });

  const terms = await gatherContractTerms({ db, directory: options.directory, lender: options.lender, order, phone: options.phone });
  const contractNo = contractNumber(order.id, now);
  const template = CURRENT_CONTRACT_TEMPLATE;
  const html = template.render(terms, {
    contractNo,
    signedAt: now,
    signatureDataUri: `data:image/png;base64,${signature.toString('base64')}`,
  });
  const sha256 = createHash('sha256').update(html, 'utf8').digest('hex');

  await db.transaction(async (tx) => {
    const stored = await insertContract(tx, {
      orderId,
      userId,
      contractNo,
      templateVersion: template.version,
      html,
      sha256,
      signatureImageKey: options.signatureImageKey,
      signedAt: now,
      clientAddress: options.clientAddress.slice(0, 100),
      userAgent: options.userAgent.slice(0, 500),
    });
    // A signature that raced this one stored first: nothing of this one is kept.
    if (!stored) throw refuse(CONTRACT_ALREADY_SIGNED, 'contract signed concurrently');
    if (!(await markContractSigned({ db: tx, orderId, at: now }))) {
      throw refuse(CONTRACT_NOT_SIGNABLE, 'order left 待簽約 while signing');
    }
  });
  return { orderId: String(orderId), contractNo, sha256, signedAt: now.toISOString() };
}
