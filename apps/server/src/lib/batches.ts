/**
 * Work that arrives while earlier work runs goes out together: items queue, and whenever fewer
 * than `running` groups are under way the next group (at most `size` items) starts with whatever
 * waits. A lone item starts at once, alone; under load each group carries what came meanwhile.
 * The checkout writes its orders this way (place-order.ts: one transaction for several buyers'
 * orders costs half the CPU per order of one each) and reads its kept facts
 * (checkout/preview.ts).
 *
 * `run` settles every item of its group itself and must not reject.
 */
export interface Batches<T> {
  add(item: T): void;
}

export function batches<T>(run: (group: T[]) => Promise<void>, opts: { size: number; running: number }): Batches<T> {
  const waiting: T[] = [];
  let running = 0;
  const next = () => {
    while (running < opts.running && waiting.length) {
      const group = waiting.splice(0, opts.size);
      running++;
      void run(group).finally(() => {
        running--;
        next();
      });
    }
  };
  return {
    add(item) {
      waiting.push(item);
      next();
    },
  };
}

/**
 * Reads by key on one database, coalesced. A read asked for while none runs goes at once (a quiet
 * server waits for nothing: deferring it to the end of the event loop's turn cost a quiet server a
 * fifth of its session lookups a second). Reads asked for while one runs go out together, as one
 * `read` of their distinct keys, when the event loop's turn ends (setImmediate runs right after
 * the poll): under load one poll hands over the requests of many connections, and they share one
 * socket write and read, one pool checkout and one executor start instead of one each. Every read
 * is still made after it was asked for (a read joins only one that has not been sent), so it sees
 * everything committed before. `copy` gives the second and later waiters of a key their own value.
 */
export function coalesced<K, R>(
  read: (keys: K[]) => Promise<Map<K, R>>,
  copy: (value: R) => R = (v) => v,
): (key: K) => Promise<R | undefined> {
  type Waiter = { resolve: (value: R | undefined) => void; reject: (e: unknown) => void };
  let running = 0;
  let waiting: Map<K, Waiter[]> | null = null;
  const send = async (batch: Map<K, Waiter[]>) => {
    running++;
    try {
      const got = await read([...batch.keys()]);
      for (const [key, ws] of batch)
        for (const [n, w] of ws.entries()) {
          const v = got.get(key);
          w.resolve(v === undefined || n === 0 ? v : copy(v));
        }
    } catch (e) {
      for (const ws of batch.values()) for (const w of ws) w.reject(e);
    } finally {
      running--;
    }
  };
  return (key) =>
    new Promise((resolve, reject) => {
      if (!waiting && running === 0) {
        void send(new Map([[key, [{ resolve, reject }]]]));
        return;
      }
      if (!waiting) {
        waiting = new Map();
        setImmediate(() => {
          const batch = waiting!;
          waiting = null;
          void send(batch);
        });
      }
      const ws = waiting.get(key);
      if (ws) ws.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
    });
}
