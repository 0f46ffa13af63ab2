import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { WireCipher } from '@app/contract/cipher-format.ts';
import type { Envelope } from '@app/contract/envelope.ts';
import { allMessageTexts } from '@app/contract/messages/message-catalogue.ts';
import { fieldInvalid } from '@app/contract/messages/request-errors.ts';
import { AppError } from '../errors/app-error.ts';

/** Cipher text → JSON value; anything undecodable is DATA_INVALID and reaches no handler. */
export function decodePayload(raw: unknown, cipher: WireCipher): unknown {
  if (typeof raw !== 'string' || raw.length === 0) throw new AppError('DATA_INVALID', { message: 'no cipher text' });
  let plainText: string;
  try {
    plainText = cipher.decrypt(raw.trim());
  } catch {
    throw new AppError('DATA_INVALID', { message: 'undecryptable payload' });
  }
  try {
    return JSON.parse(plainText) as unknown;
  } catch {
    throw new AppError('DATA_INVALID', { message: 'payload is not JSON' });
  }
}

/** Texts a contract schema may carry as its own error (INVALID_MOBILE, PASSWORD_RULE…). */
const CONTRACT_TEXTS: ReadonlySet<string> = new Set(allMessageTexts());

/**
 * Validates with the endpoint's contract schema. The first failing field's own contract
 * text is shown when the schema gives one (it says what is expected), else the field is
 * named; zod's English defaults never reach the user.
 */
export function validatePayload<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue ? issue.path.map(String).join('.') : '';
  const userMessage = issue && CONTRACT_TEXTS.has(issue.message) ? issue.message : fieldInvalid(field);
  throw new AppError('FIELD_INVALID', { userMessage, message: `invalid field ${field}` });
}

export function sendEnvelope(reply: FastifyReply, cipher: WireCipher, envelope: Envelope): FastifyReply {
  return sendCipherText(reply, cipher.encrypt(JSON.stringify(envelope)));
}

/** Sends an envelope that is already encrypted (the response cache keeps these). */
export function sendCipherText(reply: FastifyReply, cipherText: string): FastifyReply {
  return reply.send(cipherTextAnswer(reply, cipherText));
}

/**
 * Sets an encrypted envelope's status and headers and gives back the text, for an async
 * handler to return: fastify sends it without awaiting the reply object, which would
 * watch the response stream to its end on every request (docs/benchmarks.md).
 */
export function cipherTextAnswer(reply: FastifyReply, cipherText: string): string {
  reply.code(200).header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store');
  return cipherText;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The contract-view path answers raw HTML; its errors are a short HTML page. */
export function sendHtml(reply: FastifyReply, html: string): FastifyReply {
  return reply.code(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** A download an html endpoint may answer instead of a page (the signed contract's PDF). */
export class FileAnswer {
  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
    /** Offered to the browser as the file's name (any characters: sent RFC 6266-encoded). */
    readonly fileName: string,
  ) {}
}

export function sendFile(reply: FastifyReply, file: FileAnswer): FastifyReply {
  const ascii = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .code(200)
    .header('content-type', file.contentType)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .send(file.bytes);
}
