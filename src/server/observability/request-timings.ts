import type { Metric, Registry } from "prom-client";

type Labels = { method: string; route: string; status: string };
type Series = { labels: Labels; counts: number[]; sum: number; count: number };
type Value = {
  metricName: string;
  labels: Record<string, string | number>;
  sharedLabels: Labels;
  value: number;
  /** As prom-client gives for a bucket: none (exemplars are off). */
  exemplar?: null;
};

/**
 * The time to answer each request, as a Prometheus histogram by method, route and status, with
 * the exposition prom-client's Histogram gives. Its `observe` checks and hashes the labels on
 * every call, which was the largest cost of a ready answer after writing it (decision 38); here a
 * request costs one lookup by a string key.
 */
export function createRequestTimings(options: {
  name: string;
  help: string;
  buckets: readonly number[];
  registers: Registry[];
}) {
  const { name, help, buckets } = options;
  const series = new Map<string, Series>();

  function values(): Value[] {
    const values: Value[] = [];
    for (const { labels, counts, sum, count } of series.values()) {
      let below = 0;
      buckets.forEach((bound, index) => {
        below += counts[index]!;
        values.push({
          metricName: `${name}_bucket`,
          labels: { le: bound },
          sharedLabels: labels,
          value: below,
          exemplar: null,
        });
      });
      values.push(
        {
          metricName: `${name}_bucket`,
          labels: { le: "+Inf" },
          sharedLabels: labels,
          value: count,
          exemplar: null,
        },
        { metricName: `${name}_sum`, labels: {}, sharedLabels: labels, value: sum },
        { metricName: `${name}_count`, labels: {}, sharedLabels: labels, value: count },
      );
    }
    return values;
  }

  const described = { name, help, type: "histogram", aggregator: "sum" } as const;
  const metric = {
    ...described,
    async getForPromString() {
      return { ...described, values: values() };
    },
    async get() {
      const splayed = values().map(({ labels, sharedLabels, ...rest }) => ({
        ...rest,
        labels: { ...sharedLabels, ...labels },
      }));
      return { ...described, values: splayed };
    },
    reset() {
      series.clear();
    },
  };
  for (const registry of options.registers) registry.registerMetric(metric as unknown as Metric);

  return {
    observe(method: string, route: string, statusCode: number, seconds: number): void {
      const key = `${statusCode} ${method} ${route}`;
      let found = series.get(key);
      if (!found) {
        found = {
          labels: { method, route, status: String(statusCode) },
          counts: buckets.map(() => 0),
          sum: 0,
          count: 0,
        };
        series.set(key, found);
      }
      let bucket = 0;
      while (bucket < buckets.length && seconds > buckets[bucket]!) bucket++;
      // Past the last bound it counts only in +Inf, which is the count.
      if (bucket < buckets.length) found.counts[bucket]!++;
      found.sum += seconds;
      found.count++;
    },
  };
}

export type RequestTimings = ReturnType<typeof createRequestTimings>;
