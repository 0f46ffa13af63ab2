import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { STATUS_OK } from '@app/contract/envelope.ts';
import { UPLOAD_MISSING_FILE } from '@app/contract/messages/help-center.ts';
import { UPLOAD_TOO_LARGE } from '@app/contract/messages/request-errors.ts';
import { PATHS } from '@app/contract/paths.ts';
import { DATA_LIST } from '@app/contract/messages/accounts.ts';
import { uploadedFiles } from '../../db/schema/uploads.ts';
import { AppError } from '../../errors/app-error.ts';
import { sendEnvelope } from '../../plugins/envelope-codec.ts';
import { readOwnImage } from './read-own-image.ts';
import { storeImage } from './store-image.ts';
import { countUploads, deleteUploads } from './uploads-repository.ts';

/** The form field SPEC.md names ("file field, default name 'file'"). */
const FILE_FIELD = 'file';

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not Found');
}

/**
 * SPEC.md's upload is plain multipart (not encrypted); the `token` header still decides
 * who uploads, and the answer is the usual encrypted envelope. Registered in its own
 * encapsulated scope: the multipart parser exists only here, every other path keeps the
 * envelope plugin's text-only parsing.
 */
export const uploadsModule: FastifyPluginAsync = async (app) => {
  app.personalData.register({
    owner: 'uploads',
    tables: [uploadedFiles],
    list: async ({ db, subject }) => [
      { category: 'files', label: DATA_LIST.filesCount, value: String(await countUploads(db, subject.id)) },
    ],
    erase: ({ db, subject }) => deleteUploads(db, subject.id),
    // After the commit: a failed deletion must not have removed the files already.
    afterErase: ({ subject }) => app.fileStorage.removeOwner(subject.id),
  });

  // @fastify/multipart logs the request headers (the session token among them) at trace
  // level: the upload routes' scope never logs below debug.
  const level = app.config.logLevel === 'trace' ? 'debug' : app.config.logLevel;
  await app.register(uploadRoutes, { logLevel: level });
};

const uploadRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: app.config.uploadMaxBytes, files: 1, fields: 10, parts: 11 },
  });

  // `envelope: true`: errors thrown here reach the client as envelopes (AppError text or
  // the generic message), never as framework text.
  app.post(PATHS.uploadImage.path, { config: { envelope: true } }, async (req, reply) => {
    await app.resolveIdentity(req);
    const user = req.user;
    if (!user) throw new AppError('SESSION_EXPIRED');
    if (!req.isMultipart()) throw new AppError('DATA_INVALID', { message: 'upload is not multipart' });
    const missing = () => new AppError('BUSINESS_RULE', { userMessage: UPLOAD_MISSING_FILE, message: 'no file part' });
    let bytes: Buffer | null = null;
    try {
      for await (const part of req.parts()) {
        if (part.type === 'file' && part.fieldname === FILE_FIELD && bytes === null) bytes = await part.toBuffer();
        else if (part.type === 'file') part.file.resume();
      }
    } catch (error) {
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('BUSINESS_RULE', { userMessage: UPLOAD_TOO_LARGE, message: 'upload too large' });
      }
      throw error;
    }
    if (!bytes) throw missing();
    const result = await storeImage({ db: app.db, files: app.fileStorage, userId: user.id, bytes });
    return sendEnvelope(reply, app.wireCipher, { status: STATUS_OK, message: '', body: result });
  });

  // The `imageURL` of an upload: bytes to the owner only. Missing, foreign and
  // logged-out requests get the same 404, so keys cannot be probed.
  app.get(PATHS.uploadFile.path, async (req, reply) => {
    await app.resolveIdentity(req);
    const key = (req.query as Record<string, unknown> | undefined)?.key;
    if (!req.user || typeof key !== 'string') return notFound(reply);
    const file = await readOwnImage({ db: app.db, files: app.fileStorage, userId: req.user.id, key });
    if (!file) return notFound(reply);
    return reply
      .code(200)
      .type(file.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('content-disposition', 'inline')
      .send(file.bytes);
  });
};
