/**
 * The item list's first pages, kept serialized per (currency, language, type, keyword, page size)
 * with the catalog version they were read under (table catalog_version, bumped by triggers in
 * the same transaction as any change the list shows: migration 0025; since 0032 also changes only
 * the checkout reads, such as a shipping method's). A request reads the version
 * (one tiny named statement) and sends the kept body when it still matches, so a change made
 * through any app server on the same database is seen by the next request on every server.
 */
import type { Currency, ItemListQuery, Language } from '@mall/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { partsStatement } from '../../db/rows.js';
import { coalesced } from '../../lib/batches.js';
import { catalogVersionPart } from './service.js';

const VERSION = partsStatement('catalog_version', {}, { version: catalogVersionPart });
/** Distinct keys kept at most (typed keywords are unbounded); past it the cache starts over. */
const MAX_ENTRIES = 500;

/**
 * The catalog version now. Requests that ask while a read runs share the next one (lib/batches.ts):
 * it is sent after they asked, so it sees every change committed before them.
 */
export async function catalogVersion(db: Db): Promise<string> {
  let read = versionReads.get(db);
  if (!read) {
    versionReads.set(
      db,
      (read = coalesced(async () => {
        const {
          rows: [r],
        } = await db.$client.query<Record<string, unknown>>(VERSION.statement);
        return new Map([[null, VERSION.read(r!).version]]);
      })),
    );
  }
  return (await read(null))!;
}
/** The version reads by database (tests run several apps, each on its own database, in one process). */
const versionReads = new WeakMap<Db, (key: null) => Promise<string | undefined>>();

/** One per app (tests run several apps, each on its own database, in one process). */
export function listCache(db: Db, serialize: (data: unknown) => string) {
  const kept = new Map<string, { version: string; body: string }>();
  return {
    /** The serialized list: the kept body while the catalog version is unchanged, else read now (pages past the first are not kept). */
    async body(
      currency: Currency,
      language: Language,
      q: z.output<typeof ItemListQuery>,
      load: () => Promise<unknown>,
    ): Promise<string> {
      if (q.pageNo !== 1) return serialize(await load());
      const key = `${currency}|${language}|${q.type ?? ''}|${q.pageSize}|${q.keyword ?? ''}`;
      // The version first: a change committed after this read leaves a newer version behind, so
      // the body kept below is never labelled newer than what it shows.
      const version = await catalogVersion(db);
      const hit = kept.get(key);
      if (hit && hit.version === version) return hit.body;
      const body = serialize(await load());
      if (kept.size >= MAX_ENTRIES) kept.clear();
      kept.set(key, { version, body });
      return body;
    },
  };
}
