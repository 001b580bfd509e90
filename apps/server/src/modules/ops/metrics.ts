/**
 * Request latency for Prometheus: one histogram per route pattern, method and status class,
 * kept in this process (each app server is scraped on its own; Prometheus sums them).
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  labels: string;
  counts: number[];
  sum: number;
  count: number;
}

export class RequestMetrics {
  private series = new Map<string, Series>();

  observe(route: string, method: string, status: number, seconds: number): void {
    // Keyed by the plain values; the escaped label text is made once per series (every request comes here).
    const cls = Math.floor(status / 100);
    const key = `${route} ${method} ${cls}`;
    let s = this.series.get(key);
    if (!s)
      this.series.set(
        key,
        (s = {
          labels: `route="${escapeLabel(route)}",method="${method}",status="${cls}xx"`,
          counts: BUCKETS.map(() => 0),
          sum: 0,
          count: 0,
        }),
      );
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]!) s.counts[i]!++;
    s.sum += seconds;
    s.count++;
  }

  /** Prometheus text exposition format (version 0.0.4). */
  render(): string {
    const out = [
      '# HELP http_request_duration_seconds Time from request to response, by route pattern.',
      '# TYPE http_request_duration_seconds histogram',
    ];
    for (const { labels, ...s } of this.series.values()) {
      BUCKETS.forEach((le, i) => out.push(`http_request_duration_seconds_bucket{${labels},le="${le}"} ${s.counts[i]}`));
      out.push(`http_request_duration_seconds_bucket{${labels},le="+Inf"} ${s.count}`);
      out.push(`http_request_duration_seconds_sum{${labels}} ${s.sum}`);
      out.push(`http_request_duration_seconds_count{${labels}} ${s.count}`);
    }
    return out.join('\n');
  }
}

/** A counter by label values, kept in this process like the histograms. */
export class LabelledCounter {
  private values = new Map<string, number>();
  constructor(
    private readonly name: string,
    private readonly help: string,
  ) {}

  inc(labels: Record<string, string>): void {
    const key = Object.entries(labels)
      .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
      .join(',');
    this.values.set(key, (this.values.get(key) ?? 0) + 1);
  }

  render(): string {
    const out = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [labels, n] of this.values) out.push(`${this.name}{${labels}} ${n}`);
    return out.join('\n');
  }
}

/** Verification codes not sent because a cap was reached (modules/account/codes.ts), by channel and cap. */
export const codeSendsRefused = new LabelledCounter(
  'verification_code_sends_refused_total',
  'Verification code sends refused by a cap (resend wait, destination, IP, account, SMS country), by channel and cap.',
);

export const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
