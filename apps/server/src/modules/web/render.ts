/**
 * Pages: every GET that is not the API or a file is rendered by React on the server from the web
 * build's server entry (apps/web/src/entry-server.tsx, built into `<web dist>-server/`), inside
 * the build's index.html, and streamed compressed. A page is the caller's own (their session,
 * their orders), so no cache keeps it, except a shared page (home, item) for guests without a
 * session: page-cache.ts.
 *
 * The Content-Security-Policy stays `script-src 'self'` plus a nonce made for this response:
 * the inline script React writes for Suspense boundaries carries it; the data the browser
 * hydrates from is JSON (`type="application/json"`, never run). A kept page goes out with the
 * response's own nonce in it (page-cache.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '@mall/contracts';
import type { Db } from '../../db/client.js';
import { pageCaller, type Caller } from '../../lib/session.js';
import { catalogVersion } from '../catalog/list-cache.js';
import { pageCache, type Encoding, type KeptPage, type PageCache } from './page-cache.js';
import { pageReadsFor, type PageReads } from './page-reads.js';

/** What the web build's server entry exports (apps/web/src/entry-server.tsx), as far as the server uses it. */
interface ServerEntry {
  PAGE_STATE_ID: string;
  render(input: {
    request: Request;
    language: Language;
    nonce: string;
    reads: PageReads;
  }): Promise<
    | { kind: 'redirect'; status: number; location: string }
    | {
        kind: 'page';
        status: number;
        language: Language;
        state: string;
        stream: { pipe<W extends NodeJS.WritableStream>(w: W): W; abort(reason?: unknown): void };
      }
  >;
  /** The page at this path and query is the same for every guest of a site and language (home, item). */
  sharedPage(path: string): boolean;
}

/** The point of the built index.html the page goes into. */
const ROOT = '<div id="root"></div>';
/** The longest a page may take to render before it is cut off (React then finishes in the browser). */
const RENDER_TIMEOUT_MS = 10_000;

/** The build's index.html around the point React's HTML goes. */
interface Shell {
  head: string;
  tail: string;
}

export interface PageRendererOptions {
  db: Db;
  /** The web build (index.html and assets); its server entry is in `<dist>-server/entry-server.js`. */
  dist: string;
  /** The page's Content-Security-Policy with this nonce allowed. */
  csp: (nonce: string) => string;
}

/** A file of the build, read again when it changes (a rebuild while running). */
function buildFile<T>(file: string, read: (file: string, mtimeMs: number) => Promise<T>) {
  let kept: { mtimeMs: number; value: Promise<T> } | undefined;
  // The file is looked at again at most once a second, not on every page.
  let looked: { at: number; value: Promise<T | undefined> } | undefined;
  const look = async (): Promise<T | undefined> => {
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (!stat) return undefined;
    if (kept?.mtimeMs !== stat.mtimeMs) kept = { mtimeMs: stat.mtimeMs, value: read(file, stat.mtimeMs) };
    return kept.value;
  };
  return (): Promise<T | undefined> => {
    if (!looked || Date.now() - looked.at > 1_000) looked = { at: Date.now(), value: look() };
    return looked.value;
  };
}

/** The best encoding of ours the browser accepts (a quality of 0 is a no). */
function encodingFor(accept: string | undefined): Encoding | undefined {
  const accepted = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

export function pageRenderer(opts: PageRendererOptions) {
  const template = buildFile<Shell>(path.join(opts.dist, 'index.html'), async (file) => {
    const html = await fs.promises.readFile(file, 'utf8');
    const at = html.indexOf(ROOT);
    if (at < 0) throw new Error(`${file} has no ${ROOT}`);
    return { head: html.slice(0, at), tail: html.slice(at + ROOT.length) };
  });
  // A new build gets a new URL, so Node loads the new entry instead of its cached module.
  const entry = buildFile(
    path.join(`${opts.dist}-server`, 'entry-server.js'),
    (file, mtimeMs) => import(`${pathToFileURL(file).href}?v=${mtimeMs}`) as Promise<ServerEntry>,
  );
  const readsFor = pageReadsFor(opts.db);
  const kept = pageCache();

  /** The page for this request: a redirect, or the document streaming (the build's shell around React's HTML). */
  async function renderPage(req: FastifyRequest, caller: Caller, nonce: string, shell: Shell, server: ServerEntry) {
    const request = new Request(new URL(req.url, `http://${req.host}`), {
      headers: { 'user-agent': req.headers['user-agent'] ?? '' },
    });
    const result = await server.render({ request, language: caller.language, nonce, reads: readsFor(caller) });
    if (result.kind === 'redirect') return result;
    const head = shell.head.replace('<html lang="en"', `<html lang="${result.language}"`);
    const state = `<script type="application/json" id="${server.PAGE_STATE_ID}">${result.state}</script>`;
    // React writes into the middle of the document; the build's head and tail go around it.
    const page = new Transform({
      transform: (chunk, _encoding, done) => done(null, chunk),
      flush: (done) => done(null, `</div>${shell.tail}`),
    });
    page.push(`${head}${state}<div id="root">`);
    const timer = setTimeout(() => result.stream.abort(new Error('page render timed out')), RENDER_TIMEOUT_MS);
    page.on('close', () => clearTimeout(timer));
    result.stream.pipe(page);
    return { kind: 'page' as const, status: result.status, page };
  }

  return async function sendPage(req: FastifyRequest, reply: FastifyReply) {
    const [shell, server] = await Promise.all([template(), entry()]);
    if (!shell || !server)
      return reply.code(503).type('text/plain; charset=utf-8').send('The web app is not built: run npm run build');
    const caller = await pageCaller(opts.db, req);
    const nonce = crypto.randomBytes(16).toString('base64');
    const encoding = encodingFor(req.headers['accept-encoding']);
    reply
      .header('content-security-policy', opts.csp(nonce))
      .header('cache-control', 'private, no-store')
      .header('vary', 'accept-encoding, cookie')
      .type('text/html; charset=utf-8');

    const shareable = caller.sessionId === null && caller.user === null && server.sharedPage(req.url);
    if (!shareable) {
      const rendered = await renderPage(req, caller, nonce, shell, server);
      if (rendered.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
      return sendRendered(reply.code(rendered.status), rendered.page, encoding);
    }

    // A guest without a session, on a shared page: the kept copy, or the one a render under way
    // keeps. The version is read before rendering, so a page kept under it never shows a catalog
    // older than its label.
    const key = `${req.host}|${caller.site.code}|${caller.language}|${req.url}`;
    const version = await catalogVersion(opts.db);
    const hit = kept.get(key, version) ?? (await kept.renderedMeanwhile(key, version));
    if (hit) return sendKept(reply, kept, hit, encoding, nonce);
    const finish = kept.rendering(key, version);
    try {
      const rendered = await renderPage(req, caller, nonce, shell, server);
      if (rendered.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
      if (rendered.status !== 200) return sendRendered(reply.code(rendered.status), rendered.page, encoding);
      const html = Buffer.concat(await rendered.page.toArray()).toString();
      const entry = kept.set(key, version, html, nonce);
      finish(entry);
      return sendKept(reply, kept, entry, encoding, nonce);
    } finally {
      finish(undefined);
    }
  };
}

function sendKept(
  reply: FastifyReply,
  cache: PageCache,
  entry: KeptPage,
  encoding: Encoding | undefined,
  nonce: string,
) {
  if (encoding) reply.header('content-encoding', encoding);
  return cache.body(entry, encoding, nonce).then((body) => reply.code(200).send(body));
}

/** A page rendered for this request, compressed as it streams. */
function sendRendered(reply: FastifyReply, page: Readable, encoding: Encoding | undefined) {
  if (!encoding) return reply.send(page);
  // A quick level: the page is compressed as it streams, per request.
  const compress =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      : zlib.createGzip({ level: 6 });
  return reply.header('content-encoding', encoding).send(page.pipe(compress));
}
