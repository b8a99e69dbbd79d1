/** The part of parse-prometheus-text-format (a Prometheus text parser, test-only) the tests use; it ships no types. */
declare module 'parse-prometheus-text-format' {
  type Labels = Record<string, string>;
  export type Sample =
    | { labels?: Labels; value: string }
    | { labels?: Labels; buckets: Record<string, string>; count: string; sum: string };
  export type MetricFamily = {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: Sample[];
  };
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
