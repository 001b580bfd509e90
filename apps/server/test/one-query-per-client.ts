/**
 * API test setup: a query sent to a pg client that is still running another one fails the test
 * file, with the stack of the caller. Overlapping queries on one client (Promise.all on a
 * transaction) only warn in pg 8 and are refused from pg 9.
 */
import pg from 'pg';
import { afterAll, expect } from 'vitest';

const overlaps: string[] = [];
type Internals = { _activeQuery?: unknown; _queryQueue?: unknown[]; _connected?: boolean };
// eslint-disable-next-line @typescript-eslint/unbound-method -- the original, applied to each client as `this` below
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client & Internals, ...args: unknown[]) {
  if (this._connected && (this._activeQuery || (this._queryQueue?.length ?? 0) > 0)) {
    overlaps.push(new Error('a second query on a busy client').stack ?? '');
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

afterAll(() => {
  expect(overlaps.slice(0, 3), 'queries overlapped on one connection').toEqual([]);
});
