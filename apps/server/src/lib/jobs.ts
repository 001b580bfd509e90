/**
 * Background jobs on pg-boss (Postgres-backed, safe on every node). Used for work that must be
 * retried until it succeeds, such as delivering MOCKPAY's webhooks.
 */
import PgBoss from 'pg-boss';

export interface Jobs {
  send(queue: string, data: object, options?: PgBoss.SendOptions): Promise<string | null>;
  work<T extends object>(queue: string, handler: (data: T) => Promise<void>): Promise<void>;
  /** Runs the queue on a cron schedule (every node may call this; pg-boss keeps one schedule). */
  schedule(queue: string, cron: string): Promise<void>;
  /** Jobs not yet done (created, retrying or active) per queue, for the metrics endpoint. */
  queueDepths(): Promise<Record<string, number>>;
  stop(): Promise<void>;
}

export async function startJobs(connectionString: string, queues: string[]): Promise<Jobs> {
  const boss = new PgBoss({ connectionString, max: 4 });
  boss.on('error', (err) => console.error('jobs:', err.message));
  await boss.start();
  for (const q of queues) await boss.createQueue(q);
  return {
    send: (queue, data, options) => boss.send(queue, data, options ?? {}),
    work: async (queue, handler) => {
      await boss.work(queue, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
    },
    schedule: async (queue, cron) => {
      await boss.schedule(queue, cron, {});
    },
    queueDepths: async () =>
      Object.fromEntries(
        await Promise.all(queues.map(async (q) => [q, await boss.getQueueSize(q, { before: 'completed' })] as const)),
      ),
    // Running jobs get a few seconds to finish; a job cut off is retried by whichever server picks it up.
    stop: () => boss.stop({ graceful: true, timeout: 3000 }),
  };
}
