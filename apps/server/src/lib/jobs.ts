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
    schedule: async (queue, cron) => { await boss.schedule(queue, cron, {}); },
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
