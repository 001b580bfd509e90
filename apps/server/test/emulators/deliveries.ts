/**
 * Webhook delivery for the emulators: a notification is sent once made (to a URL with retries, as
 * providers retry, or to a function in API tests), can be held back and released (to play "the
 * buyer is back before the webhook"), and `idle()` waits until everything sent has been answered.
 */
export interface Delivery {
  body: string;
  contentType: string;
  status?: number;
}

export interface Deliveries<D extends Delivery> {
  /** Every notification made, in order, with the shop's answer once sent. */
  readonly all: D[];
  send(d: D): void;
  hold(): void;
  release(): Promise<void>;
  idle(): Promise<void>;
  redeliver(d: D): Promise<number | undefined>;
}

export function deliveries<D extends Delivery>(
  target: string | ((d: D) => Promise<number | void> | number | void) | undefined,
  attempts = 5,
): Deliveries<D> {
  const all: D[] = [];
  const held: D[] = [];
  const inflight = new Set<Promise<unknown>>();
  let holding = false;

  async function post(d: D): Promise<number | undefined> {
    if (!target) return undefined;
    if (typeof target === 'function') {
      try {
        return (await target(d)) ?? 200;
      } catch {
        return 500;
      }
    }
    let status = 0;
    for (let i = 1; i <= attempts; i++) {
      try {
        const res = await fetch(target, { method: 'POST', headers: { 'content-type': d.contentType }, body: d.body });
        status = res.status;
        await res.arrayBuffer();
        if (res.ok) break;
      } catch {
        status = 0;
      }
      await new Promise((r) => setTimeout(r, 100 * i));
    }
    return status;
  }
  function track<T>(p: Promise<T>): Promise<T> {
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
    return p;
  }
  return {
    all,
    send(d) {
      all.push(d);
      if (holding) {
        held.push(d);
        return;
      }
      void track(
        new Promise((r) => setImmediate(r)).then(async () => {
          d.status = await post(d);
        }),
      );
    },
    hold() {
      holding = true;
    },
    async release() {
      holding = false;
      const queued = held.splice(0);
      await track(
        (async () => {
          for (const d of queued) d.status = await post(d);
        })(),
      );
    },
    async idle() {
      while (inflight.size) await Promise.allSettled([...inflight]);
    },
    async redeliver(d) {
      d.status = await track(post(d));
      return d.status;
    },
  };
}
