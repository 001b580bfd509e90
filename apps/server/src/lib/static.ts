/**
 * Serves the built web app: hashed assets compressed and cached for a year, and the app shell
 * (index.html) for `/` and every client-side route. The shell carries the caller's session, so
 * the app's first render needs no request (ShellOptions.bootData), and is therefore never stored.
 *
 * Compression: the web build writes `.br` and `.gz` beside every text asset (Brotli at its
 * highest level, which is too slow to run per request); @fastify/static picks the best one the
 * browser accepts (`preCompressed`) and falls back to the plain file, so no CPU is spent
 * compressing at request time. API answers are small JSON and stay uncompressed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@mall/contracts';
import { isApiPath } from './errors.js';
import { routeHints, type RouteFiles } from './route-hints.js';

/** Files under /assets carry a content hash in their name: a new build gives new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Every other file (favicon, index.html asked for by name): the browser asks again each time (an ETag makes it a 304). */
export const REVALIDATE = 'no-cache';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const isHashedAsset = (filePath: string) => filePath.split(path.sep).includes('assets');

/**
 * The app shell with the session in it is the caller's own, and stale the moment they log in or
 * out: no cache keeps it (a back button to it loads it again instead of showing the old session).
 */
export const NOT_STORED = 'private, no-store';

export interface ShellOptions {
  /**
   * What the app's first render needs and would otherwise ask for first (the session): sent in
   * the app shell as JSON, in a `<script type="application/json" id="boot">` (data, never run, so
   * the Content-Security-Policy is unchanged), with `<html lang>` set to `language`. Without it
   * (or when it fails) the shell goes as built and the app asks the API. `pictures` are fetched
   * at once (a preload link each): the page's largest paint.
   */
  bootData?: (req: FastifyRequest) => Promise<{ language: string; data: unknown; pictures?: (string | undefined)[] }>;
}

/** The point of the built index.html the boot data goes before. */
const ROOT = '<div id="root"></div>';
/** The point the route's file hints go before (route-hints.ts). */
const HEAD_END = '</head>';

/**
 * The shell is built per request (the caller's session and first reads' answers: ~12 KB on the
 * order list), so it is compressed per request, at a quick level: on a phone's connection the
 * bytes saved come before anything else of the page can start.
 */
const compress = {
  br: (html: string) => brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } }),
  gzip: (html: string) => gzip(html, { level: 6 }),
};
/** The best encoding of ours that the browser accepts (quality values other than 0 are taken as a yes). */
function shellEncoding(accept: string | undefined): keyof typeof compress | undefined {
  const accepted = new Set((accept ?? '').split(',').map((part) => part.trim()).filter((part) => !/;\s*q=0(\.0*)?$/.test(part)).map((part) => part.split(';')[0]!.trim().toLowerCase()));
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

/** Picture addresses that go into a preload link as they are: our own paths, or https ones, of plain characters. */
const SAFE_PICTURE = /^(\/|https:\/\/[\w.-]+\/)[\w./%~-]*$/;
const picturePreloads = (pictures: (string | undefined)[]) => pictures.filter((src): src is string => !!src && SAFE_PICTURE.test(src))
  .map((src) => `<link rel="preload" as="image" fetchpriority="high" href="${src}">`).join('');

/** JSON safe inside a script element: no `</script>` or `<!--` can end or change it. */
const jsonForScript = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A file of the build, read again when it changes (a rebuild while running); undefined while it is missing. */
function buildFile<T>(file: string, read: (text: string) => T) {
  let kept: { mtimeMs: number; value: T } | undefined;
  return async (): Promise<T | undefined> => {
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat) return undefined;
    if (kept?.mtimeMs !== stat.mtimeMs) kept = { mtimeMs: stat.mtimeMs, value: read(await fs.promises.readFile(file, 'utf8')) };
    return kept.value;
  };
}

/**
 * Registers the static files of `dist` (when it holds a build) and the not-found handler: API
 * paths and non-GETs get the JSON 404, a missing hashed asset gets a plain 404 (never the app
 * shell, which a browser would try to run as a script), every other GET gets the app shell.
 */
export async function serveWebApp(app: FastifyInstance, dist: string | undefined, opts: ShellOptions = {}): Promise<void> {
  const hasWeb = !!dist && fs.existsSync(path.join(dist, 'index.html'));
  const shell = buildFile(path.join(dist ?? '', 'index.html'), (html) => html);
  // What each route loads beyond the shell (route-hints.ts); a build without it sends the shell as is.
  const routeFiles = buildFile(path.join(dist ?? '', 'route-files.json'), (json) => JSON.parse(json) as RouteFiles);
  const sendShell = async (req: FastifyRequest, reply: FastifyReply) => {
    const template = await shell();
    const files = await routeFiles().catch((err: unknown) => { req.log.error({ err }, 'route-files.json unreadable'); return undefined; });
    if (!template?.includes(ROOT) || !template.includes(HEAD_END) || (!opts.bootData && !files)) return reply.sendFile('index.html');
    let html = template;
    let language = 'en';
    let personal = false;
    if (opts.bootData) {
      try {
        const boot = await opts.bootData(req);
        if (/^[a-z]{2}$/.test(boot.language)) language = boot.language;
        html = html.replace('<html lang="en">', `<html lang="${language}">`)
          .replace(ROOT, `<script type="application/json" id="boot">${jsonForScript(boot.data)}</script>${ROOT}`)
          .replace(HEAD_END, `${picturePreloads(boot.pictures ?? [])}${HEAD_END}`);
        personal = true;
      } catch (err) {
        // The page still works without it: the app asks the API instead.
        req.log.error({ err }, 'app shell boot data failed');
      }
    }
    if (files) html = html.replace(HEAD_END, `${routeHints(files, req.url.split('?')[0]!, language)}${HEAD_END}`);
    reply.header('cache-control', personal ? NOT_STORED : REVALIDATE).type('text/html; charset=utf-8').header('vary', 'accept-encoding');
    const encoding = shellEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await compress[encoding](html));
  };
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
    app.get('/', { schema: { hide: true } }, sendShell);
  }
  app.setNotFoundHandler((req, reply) => {
    if (isApiPath(req.url) || !hasWeb || req.method !== 'GET' || req.url.startsWith('/assets/')) {
      return reply.code(404).send({ code: ERROR_CODES.notFound, message: 'Not found' });
    }
    // Client-side routes: every other GET gets the app shell.
    return sendShell(req, reply);
  });
}
