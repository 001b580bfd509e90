/**
 * The answers to the opened page's first reads (@mall/contracts' firstReads), for the app shell
 * (static.ts): the app hands them to the page's own first requests instead of asking again
 * (apps/web/src/app/early.ts). Each is asked of the API route itself, in-process (inject), with
 * the caller's cookies: the answer is exactly the one the page's request would get, with the same
 * checks. A read that does not answer 200 is left out; the page then asks for it as usual.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CSRF_HEADER, firstReads, type AnsweredRead } from '@mall/contracts';

/**
 * The order list's layout (and so its reads) follows the screen's width, which the server does
 * not know: a phone's browser says it is one (the Sec-CH-UA-Mobile client hint, or its user
 * agent). A wrong guess costs the page one read of its own.
 */
export function isPhoneBrowser(req: FastifyRequest): boolean {
  const hint = req.headers['sec-ch-ua-mobile'];
  if (hint === '?1' || hint === '?0') return hint === '?1';
  return /Mobi|Android|iPhone/i.test(req.headers['user-agent'] ?? '');
}

/** Headers of the page's request that the reads' answers depend on: who asks (cookies), on which site and in which language. */
const FORWARDED = ['cookie', 'host', 'user-agent', 'accept-language'] as const;

export async function answerFirstReads(app: FastifyInstance, req: FastifyRequest): Promise<AnsweredRead[]> {
  const [pathname, query] = req.url.split('?') as [string, string | undefined];
  if (query !== undefined) return [];
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const name of FORWARDED) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answers = await Promise.all(firstReads(pathname, { phone: isPhoneBrowser(req) }).map(async (read): Promise<AnsweredRead | undefined> => {
    const res = await app.inject({
      method: read.body ? 'POST' : 'GET',
      url: read.path,
      remoteAddress: req.ip,
      headers: read.body ? { ...headers, 'content-type': 'application/json', [CSRF_HEADER]: '1' } : headers,
      payload: read.body ? JSON.stringify(read.body) : undefined,
    });
    return res.statusCode === 200 ? { ...read, data: res.json() } : undefined;
  }));
  return answers.filter((a): a is AnsweredRead => a !== undefined);
}
