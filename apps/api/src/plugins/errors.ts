import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_ERROR, STATUS_RELOGIN } from '@app/contract/envelope.ts';
import { DATA_INVALID, SERVER_ERROR } from '@app/contract/messages/request-errors.ts';
import { AppError } from '../errors/app-error.ts';
import { sendEnvelope } from './envelope-codec.ts';
import { safeError } from './safe-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers in the encrypted envelope: so do its errors. */
    envelope?: boolean;
    /** The contract-view path: errors are a small raw HTML page instead. */
    html?: boolean;
  }
}

const BODY_TOO_LARGE = 'FST_ERR_CTP_BODY_TOO_LARGE';

function isClientError(statusCode: unknown): statusCode is number {
  return typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500;
}

/**
 * The one error handler. An AppError carries its user message (envelope 500, or 301 for
 * an expired session); anything else is logged with the request's path and answered with
 * the generic message: no stack, SQL or personal data ever reaches a client.
 */
export const errorsPlugin = fp(
  async (app) => {
    const cipher = app.wireCipher;

    function sendEnvelopeFailure(req: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
      let status: typeof STATUS_ERROR | typeof STATUS_RELOGIN = STATUS_ERROR;
      let message = SERVER_ERROR;
      if (error instanceof AppError) {
        status = error.code === 'SESSION_EXPIRED' ? STATUS_RELOGIN : STATUS_ERROR;
        message = error.userMessage;
      } else if (isClientError((error as { statusCode?: unknown }).statusCode)) {
        // Framework-level refusals of the request itself (bad framing) are bad input.
        message = DATA_INVALID;
      } else {
        req.log.error({ error: safeError(error), path: req.routeOptions.url }, 'endpoint failed');
      }
      // The contract-view path too: its refusals are envelopes (301 relogin, the message),
      // which the app handles like any call's; only its success is a page or a file.
      return sendEnvelope(reply, cipher, { status, message, body: null });
    }

    app.setErrorHandler((error, req, reply) => {
      const code = (error as { code?: unknown }).code;
      const statusCode = (error as { statusCode?: unknown }).statusCode;
      if (code === BODY_TOO_LARGE || statusCode === 413) {
        return reply.code(413).type('text/plain; charset=utf-8').send('Payload Too Large');
      }
      if (req.routeOptions.config.envelope) return sendEnvelopeFailure(req, reply, error);
      if (isClientError(statusCode)) {
        return reply.code(statusCode).type('text/plain; charset=utf-8').send('Bad Request');
      }
      req.log.error({ error: safeError(error), path: req.routeOptions.url }, 'request failed');
      return reply.code(500).type('text/plain; charset=utf-8').send('Internal Server Error');
    });

    // Plain and uniform: a 404 tells nothing about which paths exist.
    app.setNotFoundHandler((_req, reply) => {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    });
  },
  { name: 'errors', dependencies: ['wire-cipher'] },
);
