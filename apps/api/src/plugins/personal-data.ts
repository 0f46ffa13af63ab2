import fp from 'fastify-plugin';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/**
 * The registry of personal data (PDPA). Every owner of a table that holds a person's
 * data registers it here once, with how it is listed (right of access, art. 3) and how
 * it is erased when the account is deleted (art. 11). The data list and the deletion both
 * read this registry, so the two cannot drift; a test fails when a table with a user or
 * phone column is missing from it.
 */

/** Categories of the data list, in the order the list shows them. */
export const DATA_CATEGORIES = [
  'account',
  'identity',
  'contacts',
  'bankAccounts',
  'devices',
  'push',
  'shared',
  'feedback',
  'files',
  'loans',
] as const;
export type DataCategory = (typeof DATA_CATEGORIES)[number];

export interface DataItem {
  category: DataCategory;
  label: string;
  value: string;
}

/** The person whose data is listed or erased. */
export interface DataSubject {
  id: number;
  phone: string;
}

export interface PersonalDataEntry {
  /** Who registered it (a module or plugin name), for error messages and the test. */
  owner: string;
  /** Every table the entry covers. */
  tables: readonly PgTable[];
  /** What the data list shows of it; numbers masked. */
  list(options: { db: Db; subject: DataSubject }): Promise<DataItem[]>;
  /**
   * Deletes or anonymises the subject's rows; runs inside the deletion's transaction, so
   * write through `db` only.
   */
  erase(options: { db: Db; subject: DataSubject; now: Date }): Promise<void>;
  /** After the deletion committed: what lives outside the database (files). */
  afterErase?(options: { subject: DataSubject }): Promise<void>;
  /**
   * A user-facing reason the account cannot be deleted now (an open order), else null.
   * Checked before the verification code is used up.
   */
  refuseErasure?(options: { db: Db; subject: DataSubject }): Promise<string | null>;
}

export interface PersonalDataRegistry {
  register(entry: PersonalDataEntry): void;
  /** In registration order. */
  entries(): readonly PersonalDataEntry[];
}

declare module 'fastify' {
  interface FastifyInstance {
    personalData: PersonalDataRegistry;
  }
}

export const personalDataPlugin = fp(
  async (app) => {
    const entries: PersonalDataEntry[] = [];
    app.decorate('personalData', {
      register(entry: PersonalDataEntry) {
        entries.push(entry);
      },
      entries: () => entries,
    });
  },
  { name: 'personal-data' },
);
