/**
 * Guests' copies of the shared pages (home and item pages: the routes whose handle says
 * `shared`, apps/web/src/app/routes.tsx). Such a page shows a guest the catalog only, so every
 * guest of a site and language gets the same HTML: it is rendered once and kept, keyed by URL,
 * site and language, labelled with the catalog version it was rendered under
 * (catalog/list-cache.ts: moved in the same transaction as any change to the catalog); the host
 * is part of the key too (the page names its origin). Each response carries its own CSP nonce:
 * React writes one small inline script (with the nonce) when the page has Suspense boundaries, so
 * the kept page is held cut at its nonces and joined with the response's own; a page without
 * one is compressed once per encoding.
 *
 * A kept page is used only while the catalog version is unchanged and for at most MAX_AGE_MS:
 * the stock an item page shows moves with every order and is not part of the catalog version, so
 * a guest's first paint may show stock a few seconds old (the buy box and checkout check stock
 * again). A buyer with a session (logged in, or a guest with a cart) always gets their own render.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** How long a kept page may be served, whatever the catalog version says. */
const MAX_AGE_MS = 5_000;
/** Distinct pages kept at most (query strings are unbounded); past it the cache starts over. */
const MAX_ENTRIES = 500;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export type Encoding = 'br' | 'gzip';

export interface KeptPage {
  version: string;
  keptAt: number;
  /** The HTML cut where the render's nonce was (one part: it had none). */
  parts: string[];
  /** Compressed bytes of a page without a nonce, by encoding. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * `quick`: for each response (a page with a nonce): Brotli 2 and gzip 1 take half the time of
 * 4 and 6 on a 54 KB item page (0.43 against 0.84 ms) for 4 % more bytes.
 */
const compress = (html: Buffer, encoding: Encoding, quick: boolean) =>
  encoding === 'br'
    ? brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quick ? 2 : 4 } })
    : gzip(html, { level: quick ? 1 : 6 });
const nonceAttribute = (nonce: string) => `nonce="${nonce}"`;

export function pageCache(opts: { maxAgeMs?: number; now?: () => number } = {}) {
  const maxAge = opts.maxAgeMs ?? MAX_AGE_MS;
  const now = opts.now ?? Date.now;
  const kept = new Map<string, KeptPage>();
  /** Renders under way, by key: guests arriving meanwhile wait for it instead of rendering the same page too. */
  const rendering = new Map<string, { version: string; entry: Promise<KeptPage | undefined> }>();

  return {
    /** The kept page of `key` when it was rendered under `version` and is fresh enough. */
    get(key: string, version: string): KeptPage | undefined {
      const hit = kept.get(key);
      if (!hit) return undefined;
      if (hit.version !== version || now() - hit.keptAt > maxAge) {
        kept.delete(key);
        return undefined;
      }
      return hit;
    },
    /** The page a render under way for `key` and `version` keeps, if one is under way. */
    async renderedMeanwhile(key: string, version: string): Promise<KeptPage | undefined> {
      const under = rendering.get(key);
      return under?.version === version ? under.entry : undefined;
    },
    /**
     * Marks a render of `key` under way; the function returned ends it with the page kept (or none:
     * the render failed or may not be kept, and those waiting render their own). Calling it again does nothing.
     */
    rendering(key: string, version: string): (entry: KeptPage | undefined) => void {
      let finish!: (entry: KeptPage | undefined) => void;
      const entry = new Promise<KeptPage | undefined>((resolve) => {
        finish = resolve;
      });
      const under = { version, entry };
      rendering.set(key, under);
      return (kept) => {
        if (rendering.get(key) === under) rendering.delete(key);
        finish(kept);
      };
    },
    /** Keeps `html`, rendered with `nonce`. */
    set(key: string, version: string, html: string, nonce: string): KeptPage {
      if (kept.size >= MAX_ENTRIES) kept.clear();
      const entry: KeptPage = { version, keptAt: now(), parts: html.split(nonceAttribute(nonce)), encoded: {} };
      kept.set(key, entry);
      return entry;
    },
    /** The page's bytes for a response with `nonce`, in `encoding`. */
    body(entry: KeptPage, encoding: Encoding | undefined, nonce: string): Promise<Buffer> {
      const html = () => Buffer.from(entry.parts.join(nonceAttribute(nonce)));
      if (!encoding) return Promise.resolve(html());
      if (entry.parts.length > 1) return compress(html(), encoding, true);
      return (entry.encoded[encoding] ??= compress(html(), encoding, false));
    },
  };
}
export type PageCache = ReturnType<typeof pageCache>;
