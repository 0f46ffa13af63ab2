import type { FastifyPluginAsync } from 'fastify';
import { ENDPOINTS } from '@app/contract/endpoints.ts';
import { DOCUMENTS_ACCEPTED_DATA_LIST_LABEL } from '@app/contract/messages/help-center.ts';
import { documentAcceptances } from '../../db/schema/documents.ts';
import { acceptedVersions, keepCurrentVersions } from './document-versions.ts';
import { getDocument } from './get-document.ts';

/** Legal documents (user agreement, privacy policy, contract template), readable before login; the versions each user accepted. */
export const documentsModule: FastifyPluginAsync = async (app) => {
  await keepCurrentVersions({ db: app.db, now: app.clock.now() });
  app.personalData.register({
    owner: 'documents',
    tables: [documentAcceptances],
    list: async ({ db, subject }) => {
      const accepted = await acceptedVersions({ db, userId: subject.id });
      return accepted.length === 0
        ? []
        : [
            {
              category: 'account',
              label: DOCUMENTS_ACCEPTED_DATA_LIST_LABEL,
              value: accepted.map((row) => `${row.key} ${row.version}`).join('、'),
            },
          ];
    },
    // Kept, like the contracts: the record of what the person agreed to, under an anonymised user row.
    erase: async () => {},
  });
  app.endpoint(ENDPOINTS.commonDocument, (payload, ctx) => getDocument({ db: ctx.db, key: payload.key, lender: app.config.lender }));
};
