/**
 * Work that arrives while earlier work runs goes out together: items queue, and whenever fewer
 * than `running` groups are under way the next group (at most `size` items) starts with whatever
 * waits. A lone item starts at once, alone; under load each group carries what came meanwhile.
 * The checkout writes its orders this way (place-order.ts: one transaction for several buyers'
 * orders costs half the CPU per order of one each, issue 14) and reads its kept facts
 * (checkout/preview.ts).
 *
 * `run` settles every item of its group itself and must not reject.
 */
export interface Batches<T> { add(item: T): void }

export function batches<T>(run: (group: T[]) => Promise<void>, opts: { size: number; running: number }): Batches<T> {
  const waiting: T[] = [];
  let running = 0;
  const next = () => {
    while (running < opts.running && waiting.length) {
      const group = waiting.splice(0, opts.size);
      running++;
      void run(group).finally(() => { running--; next(); });
    }
  };
  return { add(item) { waiting.push(item); next(); } };
}
