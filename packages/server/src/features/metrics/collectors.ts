import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Histogram, type Registry } from 'prom-client';
import { selectRows, type Db } from '../../db/client.ts';
import type { QueueDepthReader } from './registry.ts';

/** The route label of requests no route matched (404s, malformed URLs): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

type RequestLabel = 'route' | 'method' | 'status_code';

/** One label combination's counts: a bucket per upper bound (not cumulative), then the sum and the count. */
interface Series {
  labels: Record<RequestLabel, string>;
  counts: Float64Array;
}

/**
 * The request-duration histogram. prom-client's own histogram builds a label object and a hash string
 * on every observation; this one is told the combination once and then only counts into a typed array,
 * so a request costs the lookup of its series and a few additions. It is still a prom-client metric (a
 * Histogram registered in the server's registry) and answers scrapes in the same format; record with
 * observeRequest only (the inherited observe and labels would count where no scrape looks).
 */
export class RequestDurations extends Histogram<RequestLabel> {
  private readonly metricName: string;
  private readonly metricHelp: string;
  private readonly bounds: readonly number[];
  private readonly series: Series[] = [];
  private readonly byRoute = new Map<string, Map<string, Map<number, Series>>>();

  constructor(config: { name: string; help: string; buckets: number[]; registers: Registry[] }) {
    super({ ...config, labelNames: ['route', 'method', 'status_code'] });
    this.metricName = config.name;
    this.metricHelp = config.help;
    this.bounds = [...config.buckets].sort((a, b) => a - b);
  }

  /** Records one answer; allocates only the first time a combination is seen. */
  observeRequest(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = { labels: { route, method, status_code: String(status) }, counts: new Float64Array(this.bounds.length + 2) };
      byStatus.set(status, series);
      this.series.push(series);
    }
    const { bounds } = this;
    const counts = series.counts;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]!) i++;
    if (i < bounds.length) counts[i]! += 1;
    counts[bounds.length]! += seconds;
    counts[bounds.length + 1]! += 1;
  }

  /** What the registry writes out: per series the cumulative buckets, +Inf, _sum and _count. */
  getForPromString() {
    const values: Array<{ value: number; labels: Record<string, string | number>; metricName: string }> = [];
    const n = this.bounds.length;
    for (const { labels, counts } of this.series) {
      let cumulative = 0;
      for (let i = 0; i < n; i++) {
        cumulative += counts[i]!;
        values.push({ metricName: `${this.metricName}_bucket`, labels: { ...labels, le: this.bounds[i]! }, value: cumulative });
      }
      values.push({ metricName: `${this.metricName}_bucket`, labels: { ...labels, le: '+Inf' }, value: counts[n + 1]! });
      values.push({ metricName: `${this.metricName}_sum`, labels, value: counts[n]! });
      values.push({ metricName: `${this.metricName}_count`, labels, value: counts[n + 1]! });
    }
    return Promise.resolve({ name: this.metricName, help: this.metricHelp, type: 'histogram', values, aggregator: 'sum' });
  }

  override get() {
    return this.getForPromString() as unknown as ReturnType<Histogram<RequestLabel>['get']>;
  }
}

/**
 * Times every answer into the request-duration histogram, labelled by the route pattern Fastify matched
 * (`/api/transcripts/:id`), the method and the status code. The duration is Fastify's own
 * (performance.now based); nothing is allocated per request once a combination has been seen.
 */
export function registerRequestMetrics(app: FastifyInstance, durations: RequestDurations): void {
  app.addHook('onResponse', (request, reply, done) => {
    durations.observeRequest(request.routeOptions.url ?? UNMATCHED_ROUTE, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * Queued jobs (created, or waiting for a retry) per pg-boss queue: one count over pg-boss's job table,
 * answered from its partial index on waiting jobs (job_i5: name, start_after where state < 'active').
 * This is the one place that knows pg-boss's tables; pg-boss 10 to 12 keep jobs in `pgboss.job` with
 * the same `name` and `state` columns (state ordered created < retry < active < …).
 */
export function pgBossQueueDepth(db: Db, queues: readonly string[]): QueueDepthReader {
  const names = sql.join(
    queues.map((q) => sql`${q}`),
    sql`, `,
  );
  return async () => {
    const rows = await selectRows<{ name: string; queued: number | string }>(
      db,
      sql`select name, count(*) as queued from pgboss.job where name in (${names}) and state < 'active' group by name`,
    );
    const depths = new Map(queues.map((q) => [q, 0]));
    for (const row of rows) depths.set(row.name, Number(row.queued));
    return depths;
  };
}
