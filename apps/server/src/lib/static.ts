/**
 * Serves the built web app: hashed assets compressed and cached for a year, and the pages,
 * rendered on the server (modules/web/render.ts), for `/` and every other route of the app.
 *
 * Compression: the web build writes `.br` and `.gz` beside every text asset (Brotli at its
 * highest level, which is too slow to run per request); @fastify/static picks the best one the
 * browser accepts (`preCompressed`) and falls back to the plain file, so no CPU is spent
 * compressing at request time. API answers are small JSON and stay uncompressed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@mall/contracts';
import { isApiPath } from './errors.js';

/** Files under /assets carry a content hash in their name: a new build gives new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Every other file (favicon, index.html asked for by name): the browser asks again each time (an ETag makes it a 304). */
export const REVALIDATE = 'no-cache';

const isHashedAsset = (filePath: string) => filePath.split(path.sep).includes('assets');

/** Renders a page (modules/web/render.ts): every GET that is not the API or a file. */
export type PageHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * Registers the static files of `dist` (when it holds a build) and the not-found handler: API
 * paths and non-GETs get the JSON 404, a missing hashed asset gets a plain 404 (never the app
 * page, which a browser would try to run as a script), every other GET is a page.
 */
export async function serveWebApp(
  app: FastifyInstance,
  dist: string | undefined,
  sendPage: PageHandler,
): Promise<void> {
  const hasWeb = !!dist && fs.existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuild while running serves the new assets.
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', isHashedAsset(path.relative(dist, filePath)) ? IMMUTABLE : REVALIDATE);
      },
    });
    // The static wildcard answers '/' (a directory without index) with 403; the home page is a page too.
    app.get('/', { schema: { hide: true } }, sendPage);
  }
  app.setNotFoundHandler((req, reply) => {
    if (
      isApiPath(req.url) ||
      !hasWeb ||
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      req.url.startsWith('/assets/')
    ) {
      return reply.code(404).send({ code: ERROR_CODES.notFound, message: 'Not found' });
    }
    // Every other GET is a page of the app.
    return sendPage(req, reply);
  });
}
