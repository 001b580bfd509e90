/**
 * The buyer's order reads (list pages, tab counts, order details) kept serialized per buyer with
 * the buyer's order version they were read under (table buyer_order_versions, bumped by deferred
 * triggers in the same transaction as any change those reads show: migration 0026). The session
 * lookup of these routes reads the version in the same statement (route config orderVersion), so
 * a kept answer costs one round trip, and a change committed through any app server on the same
 * database is seen by the next request on every server.
 *
 * Keys start with the caller's user id, the same row the version was read with, so one buyer is
 * never answered from another's entry. Enterprise main accounts (who also see their sub-accounts'
 * orders, each with its own version) are not kept. Entries also expire after TTL_MS: the few
 * shown facts that are not the buyer's (shop and shipping method names, an item's business type)
 * are seen within that time.
 */
const TTL_MS = 30_000;
/** Entries kept at most per app; past it the cache starts over. */
const MAX_ENTRIES = 20_000;

/** One per app (tests run several apps, each on its own database, in one process). */
export function orderReadCache() {
  const kept = new Map<string, { version: string; at: number; body: string }>();
  /**
   * Loads under way, by key: requests arriving for the same key and version while one load runs
   * wait for it instead of each running the same statements (after a change, every open tab and
   * retry of the buyer would otherwise read at once).
   */
  const loading = new Map<string, { version: string; body: Promise<string> }>();
  return {
    /**
     * The serialized answer under `key` while `version` (read with the session, before `load`
     * runs: a change committed after it leaves a newer version behind) still stands; else
     * loaded now and kept. Without a version or a key nothing is kept.
     */
    async body(version: string | undefined, key: string | null, load: () => Promise<string>): Promise<string> {
      if (version === undefined || key === null) return load();
      const now = Date.now();
      const hit = kept.get(key);
      if (hit && hit.version === version && now - hit.at < TTL_MS) return hit.body;
      const running = loading.get(key);
      if (running && running.version === version) return running.body;
      const body = load();
      loading.set(key, { version, body });
      try {
        const done = await body;
        if (kept.size >= MAX_ENTRIES) kept.clear();
        kept.set(key, { version, at: now, body: done });
        return done;
      } finally {
        if (loading.get(key)?.body === body) loading.delete(key);
      }
    },
  };
}
