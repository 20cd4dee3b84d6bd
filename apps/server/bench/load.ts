import autocannon from 'autocannon';

export interface LoadOptions {
  /** Base URL, e.g. http://127.0.0.1:1234 */
  url: string;
  /** Request paths; each connection cycles through them in order. */
  paths: string[];
  connections: number;
  /** Seconds of discarded warm-up traffic before the measured run. */
  warmupSeconds: number;
  /** Seconds of measured traffic. */
  seconds: number;
}

export interface LoadResult {
  /** Successful (2xx) responses per second over the measured run. */
  rps: number;
  /** Latency percentiles in milliseconds (microsecond resolution). */
  p50: number;
  p99: number;
  responses: number;
}

function run(
  options: LoadOptions,
  seconds: number,
  onLatency?: (ms: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: seconds,
        pipelining: 1,
        requests: options.paths.map((path) => ({ method: 'GET', path })),
      },
      (error: unknown, result) =>
        error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
    if (onLatency) {
      instance.on('response', (_client, statusCode, _bytes, responseTime) => {
        if (statusCode >= 200 && statusCode < 300) onLatency(responseTime);
      });
    }
  });
}

/** Nearest-rank percentile of ascending-sorted values. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/**
 * Warms up, then measures. Latencies are taken from autocannon's per-response timings (its own
 * histogram has whole-millisecond resolution, too coarse for sub-millisecond responses).
 */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await run(options, options.warmupSeconds);
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const result = await run(options, options.seconds, (ms) => {
    if (count === latencies.length) {
      const bigger = new Float64Array(latencies.length * 2);
      bigger.set(latencies);
      latencies = bigger;
    }
    latencies[count] = ms;
    count += 1;
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(
      `${options.url}${options.paths[0]}: ${result.errors} errors, ${result.non2xx} non-2xx responses ` +
        `(${JSON.stringify(result.statusCodeStats ?? {})})`,
    );
  }
  const sorted = latencies.subarray(0, count).sort();
  return {
    rps: count / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    responses: count,
  };
}

/** A positive number from the environment (a benchmark's knob), or `fallback` when unset. */
export function envNumber(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0)
    throw new Error(`${name} must be a positive number, not ${JSON.stringify(value)}`);
  return n;
}

/** One autocannon run with a path chosen per request; the latencies of its 2xx answers when `record`. */
export function autocannonRun(
  options: {
    url: string;
    connections: number;
    timeout: number;
    headers: Record<string, string>;
    nextPath: () => string;
  },
  duration: number,
  record: boolean,
): Promise<{ latencies: number[]; result: autocannon.Result }> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const { url, connections, timeout, headers, nextPath } = options;
    const instance = autocannon(
      {
        url,
        connections,
        duration,
        timeout,
        headers,
        requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath() }) }],
      },
      (error: unknown, result) => (error ? reject(error as Error) : resolve({ latencies, result })),
    );
    if (record) {
      instance.on('response', (_client, status, _bytes, ms) => {
        if (status >= 200 && status < 300) latencies.push(ms);
      });
    }
  });
}

/** Requests a second, p50 and p99 (microsecond resolution) of a run's 2xx answers. */
export function figuresOf(latencies: number[], result: autocannon.Result) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    rps: latencies.length / result.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    responses: latencies.length,
  };
}
