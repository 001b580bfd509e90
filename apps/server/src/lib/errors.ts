import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '@mall/contracts';

/** A failure the buyer can act on: stable code, HTTP status, English message (translated by the web app). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (code: ErrorCode = ERROR_CODES.notFound, message = 'Not found') =>
  new AppError(404, code, message);
export const badRequest = (code: ErrorCode, message: string, details?: unknown) =>
  new AppError(400, code, message, details);

const KNOWN_CODES = new Set<string>(Object.values(ERROR_CODES));

export function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/sapi/') || url.startsWith('/auth/');
}

/**
 * What of an error may go to the log. A failed statement carries its parameters (addresses,
 * emails, card data a buyer typed) in the message; log the statement text and PostgreSQL's
 * code only.
 */
export function loggable(err: unknown): unknown {
  if (err instanceof Error && 'query' in err && 'params' in err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return {
      type: err.name,
      query: (err as { query: unknown }).query,
      pgCode: cause?.code,
      pgMessage: cause?.message,
      stack: err.stack
        ?.split('\n')
        .filter((l) => l.trimStart().startsWith('at '))
        .slice(0, 6)
        .join('\n'),
    };
  }
  return err;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const send = (status: number, body: ApiErrorBody) => reply.code(status).send(body);
    if (err instanceof AppError) {
      // A refusal that says when to come back says it in Retry-After too.
      const wait = (err.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (typeof wait === 'number' && (err.status === 429 || err.status === 503))
        reply.header('retry-after', String(wait));
      return send(err.status, {
        code: err.code,
        message: err.message,
        ...(err.details !== undefined && { details: err.details }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A schema rule whose message is a stable error code (e.g. Coupon.codeLength) answers with that code.
      const ruleCode = err.validation.map((v) => v.message).find((m): m is ErrorCode => KNOWN_CODES.has(m ?? ''));
      return send(400, {
        code: ruleCode ?? ERROR_CODES.invalidRequest,
        message: 'The request is not valid',
        details: err.validation.map((v) => ({ path: v.instancePath, message: v.message })),
      });
    }
    if (err.statusCode === 429)
      return send(429, { code: ERROR_CODES.tooManyRequests, message: 'Too many requests, please try again later' });
    if (err.statusCode === 413)
      return send(413, { code: ERROR_CODES.payloadTooLarge, message: 'The request is too large' });
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err instanceof SyntaxError
    ) {
      return send(400, { code: ERROR_CODES.malformedJson, message: 'The request body is not valid JSON' });
    }
    if (err.statusCode === 415)
      return send(415, { code: ERROR_CODES.invalidRequest, message: 'Unsupported content type' });
    if (isResponseSerializationError(err))
      req.log.error({ issues: err.cause.issues }, 'response does not match its schema');
    else req.log.error(loggable(err));
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(err.statusCode, { code: ERROR_CODES.invalidRequest, message: err.message });
    }
    return send(500, { code: ERROR_CODES.internal, message: 'Something went wrong, please retry' });
  });
}
