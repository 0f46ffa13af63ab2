import { DOCUMENT_NOT_PUBLISHABLE, DOCUMENT_VERSION_TAKEN } from '@app/contract/admin/admin-messages.ts';
import {
  CONSENT_DOCUMENT_KEYS,
  type TDocumentListResponse,
  type TDocumentVersionsResponse,
} from '@app/contract/admin/admin-config-schemas.ts';
import { DOCUMENT_NOT_FOUND } from '@app/contract/messages/help-center.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import {
  countAcceptancesByVersion,
  documentVersionExists,
  insertCurrentAcceptances,
  insertDocumentVersion,
  insertMissingCurrentVersions,
  selectAcceptances,
  selectDocument,
  selectDocuments,
  selectDocumentVersions,
} from './documents-repository.ts';

/**
 * The legal documents' versions (decision 0151): an administrator publishes a new version
 * of the user agreement or the privacy policy; it is what borrowers read from then on and
 * what a new user accepts (recorded at registration); earlier versions stay readable with
 * how many users accepted each. The loan contract template is not edited here: the
 * contract is generated from code and its template must match it.
 */

const publishable = (key: string): boolean => (CONSENT_DOCUMENT_KEYS as readonly string[]).includes(key);

export async function listDocumentsForConsole(options: { db: Db }): Promise<TDocumentListResponse> {
  const rows = await selectDocuments(options.db);
  return {
    items: rows.map((row) => ({
      key: row.key,
      title: row.title,
      version: row.version,
      updatedAt: row.updatedAt.toISOString(),
      publishable: publishable(row.key),
    })),
  };
}

export async function listDocumentVersions(options: { db: Db; key: string }): Promise<TDocumentVersionsResponse> {
  const { db, key } = options;
  if (!(await selectDocument(db, key))) throw new AppError('NOT_FOUND', { userMessage: DOCUMENT_NOT_FOUND, message: 'document not found' });
  const [versions, accepted] = await Promise.all([selectDocumentVersions(db, key), countAcceptancesByVersion(db, key)]);
  return {
    items: versions.map((row) => ({
      version: row.version,
      title: row.title,
      body: row.body,
      publishedBy: row.publishedBy,
      publishedAt: row.publishedAt.toISOString(),
      acceptedBy: accepted.get(row.version) ?? 0,
    })),
  };
}

/** Publishes a new version of a consent document; answers the version it replaced (for the audit trail). */
export async function publishDocumentVersion(options: {
  db: Db;
  key: string;
  version: string;
  title: string;
  body: string;
  publishedBy: string;
  now: Date;
}): Promise<{ before: { version: string; title: string } }> {
  const { db, key, version } = options;
  const current = await selectDocument(db, key);
  if (!current) throw new AppError('NOT_FOUND', { userMessage: DOCUMENT_NOT_FOUND, message: 'document not found' });
  if (!publishable(key))
    throw new AppError('BUSINESS_RULE', { userMessage: DOCUMENT_NOT_PUBLISHABLE, message: 'document not publishable' });
  if (await documentVersionExists(db, key, version))
    throw new AppError('BUSINESS_RULE', { userMessage: DOCUMENT_VERSION_TAKEN, message: 'document version taken' });
  await insertDocumentVersion(db, {
    key,
    version,
    title: options.title,
    body: options.body,
    publishedBy: options.publishedBy,
    at: options.now,
  });
  return { before: { version: current.version, title: current.title } };
}

/** A new user accepted the documents the login form shows (their versions current now). */
export async function recordConsentAtRegistration(options: { db: Db; userId: number; now: Date }): Promise<void> {
  await insertCurrentAcceptances(options.db, options.userId, CONSENT_DOCUMENT_KEYS, options.now);
}

/** The versions a user accepted, oldest first (the data list, the console). */
export async function acceptedVersions(options: {
  db: Db;
  userId: number;
}): Promise<Array<{ key: string; version: string; acceptedAt: Date }>> {
  return (await selectAcceptances(options.db, options.userId)).map((row) => ({
    key: row.key,
    version: row.version,
    acceptedAt: row.acceptedAt,
  }));
}

/** At start-up: the seeded texts (and any written before versions were kept) become their first version. */
export async function keepCurrentVersions(options: { db: Db; now: Date }): Promise<void> {
  await insertMissingCurrentVersions(options.db, options.now);
}
