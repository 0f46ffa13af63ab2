import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { BANK_DATA_LIST_CARDS } from '@app/contract/messages/bank-accounts.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { attachPassbookImage } from './attach-passbook-image.ts';
import { deleteBankAccounts } from './bank-accounts-repository.ts';
import { loadBankDirectory } from './bank-directory.ts';
import { bindBankAccount } from './bind-bank-account.ts';
import { changeBankAccountBranch } from './change-bank-account-branch.ts';
import { changeDefaultBankAccount } from './change-default-bank-account.ts';
import { listBankAccounts } from './list-bank-accounts.ts';
import { listBankBranches } from './list-bank-branches.ts';
import { listBanks } from './list-banks.ts';

/** The bank list is the same for everyone until the next deploy: its answer is kept a while. */
const BANK_LIST_CACHE_MS = 60_000;

/** Onboarding step 4: the Taiwan bank directory and the users' bank accounts. */
export const bankAccountsModule: FastifyPluginAsync = async (app) => {
  const directory = await loadBankDirectory();

  app.personalData.register({
    owner: 'bank-accounts',
    tables: [bankAccounts],
    list: async ({ db, subject }) => {
      const { cards } = await listBankAccounts({ db, directory, userId: subject.id });
      const value = cards.map((card) => `${card.bankName} ${card.accountMasked}`).join('、');
      return [{ category: 'bankAccounts', label: BANK_DATA_LIST_CARDS, value: value || '0' }];
    },
    erase: ({ db, subject }) => deleteBankAccounts(db, subject.id),
  });

  app.endpoint(ENDPOINTS.bankList, async (payload) => listBanks({ directory, keyword: payload.keyword }), {
    cacheMs: BANK_LIST_CACHE_MS,
  });
  app.endpoint(ENDPOINTS.bankBranchList, async (payload) =>
    listBankBranches({ directory, bankCode: payload.bankCode, keyword: payload.keyword }),
  );
  app.endpoint(ENDPOINTS.bindCardBind, (payload, ctx) =>
    bindBankAccount({ db: ctx.db, directory, userId: ctx.requireUser().id, ...payload }),
  );
  app.endpoint(ENDPOINTS.bindCardList, (_payload, ctx) => listBankAccounts({ db: ctx.db, directory, userId: ctx.requireUser().id }));
  app.endpoint(ENDPOINTS.bindCardImg, (payload, ctx) =>
    attachPassbookImage({ db: ctx.db, directory, userId: ctx.requireUser().id, ...payload }),
  );
  app.endpoint(ENDPOINTS.updateBank, (payload, ctx) =>
    changeDefaultBankAccount({ db: ctx.db, directory, userId: ctx.requireUser().id, cardId: payload.cardId }),
  );
  app.endpoint(ENDPOINTS.updateBranchBank, (payload, ctx) =>
    changeBankAccountBranch({ db: ctx.db, directory, userId: ctx.requireUser().id, ...payload }),
  );
};
