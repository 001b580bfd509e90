import { describe, expect, it } from 'vitest';
import { coalesced } from './batches.js';

/** A read whose answer is the number of reads sent so far, per key; each call is recorded with its keys. */
function counter() {
  const sent: string[][] = [];
  const release: (() => void)[] = [];
  const read = async (keys: string[]) => {
    sent.push(keys);
    const n = sent.length;
    await new Promise<void>((r) => release.push(r));
    return new Map(keys.filter((k) => k !== 'gone').map((k) => [k, { key: k, read: n }]));
  };
  return { sent, release, read };
}

describe('coalesced reads', () => {
  it('a lone read goes at once; reads asked for while it runs share the next one, sent after they asked', async () => {
    const c = counter();
    const get = coalesced(c.read, (v) => ({ ...v }));
    const first = get('a');
    expect(c.sent).toEqual([['a']]);
    // Asked while the first runs: not answered by it (it was sent before they asked).
    const later = [get('a'), get('b'), get('a'), get('gone')];
    expect(c.sent).toEqual([['a']]);
    await new Promise((r) => setImmediate(r));
    expect(c.sent).toEqual([['a'], ['a', 'b', 'gone']]);
    c.release.forEach((r) => r());
    expect(await first).toEqual({ key: 'a', read: 1 });
    const [a1, b, a2, gone] = await Promise.all(later);
    expect([a1, b, a2, gone]).toEqual([{ key: 'a', read: 2 }, { key: 'b', read: 2 }, { key: 'a', read: 2 }, undefined]);
    // Two waiters of one key each get their own value.
    expect(a1).not.toBe(a2);
  });

  it('a failed read fails each of its waiters, and the next read goes at once again', async () => {
    let fail = true;
    const get = coalesced(async (keys: string[]) => {
      if (fail) throw new Error('down');
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    });
    const [x, y] = await Promise.allSettled([get('x'), get('y')]);
    expect([x.status, y.status]).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await get('x')).toBe('X');
  });
});
