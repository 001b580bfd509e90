/**
 * Serves the built web app: hashed assets compressed and cached for a year, the app shell
 * (index.html) revalidated on every load, and the shell for every client-side route.
 *
 * Compression: the web build writes `.br` and `.gz` beside every text asset (Brotli at its
 * highest level, which is too slow to run per request); @fastify/static picks the best one the
 * browser accepts (`preCompressed`) and falls back to the plain file, so no CPU is spent
 * compressing at request time. API answers are small JSON and stay uncompressed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@mall/contracts';
import { isApiPath } from './errors.js';

/** Files under /assets carry a content hash in their name: a new build gives new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon): the browser asks again each time (an ETag makes it a 304). */
export const REVALIDATE = 'no-cache';

const isHashedAsset = (filePath: string) => filePath.split(path.sep).includes('assets');

/**
 * Registers the static files of `dist` (when it holds a build) and the not-found handler: API
 * paths and non-GETs get the JSON 404, a missing hashed asset gets a plain 404 (never the app
 * shell, which a browser would try to run as a script), every other GET gets index.html.
 */
export async function serveWebApp(app: FastifyInstance, dist: string | undefined): Promise<void> {
  const hasWeb = !!dist && fs.existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    // wildcard: files are looked up per request, so a rebuild while running serves the new assets.
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => { reply.header('cache-control', isHashedAsset(path.relative(dist, filePath)) ? IMMUTABLE : REVALIDATE); },
    });
    // The static wildcard answers '/' (a directory without index) with 403; the home page is the app shell too.
    app.get('/', { schema: { hide: true } }, (_req, reply) => reply.sendFile('index.html'));
  }
  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url) || !hasWeb || req.method !== 'GET' || req.url.startsWith('/assets/')) {
      return reply.code(404).send({ code: ERROR_CODES.notFound, message: 'Not found' });
    }
    // Client-side routes: every other GET gets the app shell.
    return reply.sendFile('index.html');
  });
}
