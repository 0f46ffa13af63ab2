import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { checkLoanEntry } from './check-loan-entry.ts';

/** Loans: so far only where 立即申請 goes (products, quotes and applications come next). */
export const loansModule: FastifyPluginAsync = async (app) => {
  // Public: a logged-out caller (or a deleted account's stale session) is sent to log in.
  app.endpoint(ENDPOINTS.loanCheck, (_payload, ctx) => checkLoanEntry({ db: ctx.db, userId: ctx.user?.phone ? ctx.user.id : null }));
};
