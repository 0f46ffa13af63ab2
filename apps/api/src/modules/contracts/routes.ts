import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { CONTRACT_DATA_LIST_COUNT } from '@app/contract/messages/contracts.ts';
import { loanContracts } from '../../db/schema/contracts.ts';
import { loadBankDirectory } from '../bank-accounts/index.ts';
import { countContracts } from './contracts-repository.ts';
import { signContract } from './sign-contract.ts';
import { viewContract } from './view-contract.ts';

/** The loan contract: read before signing, signed by hand, kept exactly as signed. */
export const contractsModule: FastifyPluginAsync = async (app) => {
  const directory = await loadBankDirectory();
  const lender = app.config.lender;

  app.personalData.register({
    owner: 'contracts',
    tables: [loanContracts],
    list: async ({ db, subject }) => [
      { category: 'loans', label: CONTRACT_DATA_LIST_COUNT, value: String(await countContracts(db, subject.id)) },
    ],
    // Kept, like the orders they belong to: the law requires loan records, and the signed
    // text with its signing evidence is the record. The user row is anonymised.
    erase: async () => {},
  });

  app.endpoint(
    ENDPOINTS.viewContract,
    (payload, ctx) => {
      const user = ctx.requireAccount();
      return viewContract({
        db: ctx.db,
        directory,
        lender,
        userId: user.id,
        phone: user.phone,
        orderId: Number(payload.orderId),
        format: payload.format ?? 'html',
      });
    },
    { html: true },
  );

  app.endpoint(ENDPOINTS.contractAdd, (payload, ctx) => {
    const user = ctx.requireAccount();
    const userAgent = ctx.req.headers['user-agent'];
    return signContract({
      db: ctx.db,
      files: app.fileStorage,
      directory,
      lender,
      userId: user.id,
      phone: user.phone,
      orderId: Number(payload.orderId),
      signatureImageKey: payload.signatureImageKey,
      now: ctx.now,
      clientAddress: ctx.req.ip,
      userAgent: typeof userAgent === 'string' ? userAgent : '',
    });
  });
};
