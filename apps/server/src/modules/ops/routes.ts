/**
 * Operations endpoints for a load balancer and Prometheus:
 * - GET /healthz: the process is up (liveness);
 * - GET /readyz: the database answers and the server is not shutting down (readiness; a
 *   draining server answers 503 so the balancer stops sending it traffic);
 * - GET /metrics: request latency per route, refused verification-code sends, background job
 *   queue depth, process memory
 *   (METRICS_TOKEN, when set, must come as a bearer token).
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Jobs } from '../../lib/jobs.js';
import { codeSendsRefused, escapeLabel, RequestMetrics } from './metrics.js';

export interface OpsOptions {
  jobs?: Jobs;
  metricsToken?: string;
  /** True once shutdown began. */
  draining: () => boolean;
}

export function opsRoutes(app: FastifyInstance, db: Db, opts: OpsOptions): void {
  const metrics = new RequestMetrics();
  app.addHook('onResponse', async (req, reply) => {
    metrics.observe(req.routeOptions.url ?? 'unmatched', req.method, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    if (opts.draining()) return reply.code(503).send({ status: 'draining' });
    try {
      await db.$client.query('SELECT 1');
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (opts.metricsToken && req.headers.authorization !== `Bearer ${opts.metricsToken}`)
      return reply.code(401).send({ status: 'unauthorized' });
    const lines = [metrics.render(), codeSendsRefused.render()];
    if (opts.jobs) {
      lines.push(
        '# HELP job_queue_depth Jobs waiting or running per background queue.',
        '# TYPE job_queue_depth gauge',
      );
      for (const [queue, depth] of Object.entries(await opts.jobs.queueDepths()))
        lines.push(`job_queue_depth{queue="${escapeLabel(queue)}"} ${depth}`);
    }
    const mem = process.memoryUsage();
    lines.push('# TYPE process_resident_memory_bytes gauge', `process_resident_memory_bytes ${mem.rss}`);
    lines.push('# TYPE nodejs_heap_used_bytes gauge', `nodejs_heap_used_bytes ${mem.heapUsed}`);
    return reply.type('text/plain; version=0.0.4').send(`${lines.join('\n')}\n`);
  });
}
