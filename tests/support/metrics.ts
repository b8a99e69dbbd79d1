/** Reading GET /metrics in tests: the text parsed by a Prometheus text parser, and one sample's value. */
import parsePrometheusTextFormat, { type MetricFamily } from 'parse-prometheus-text-format';

/**
 * `families` as the parser reads the scrape; `series`, the same text with histograms read as
 * untyped samples, one family per suffix (`_bucket`, `_sum`, `_count`) with every sample's labels:
 * the parser folds a histogram's samples into one without their labels (not made for labelled
 * histograms), which would hide the route labels.
 */
export type Scrape = { text: string; families: MetricFamily[]; series: MetricFamily[] };

export function parseScrape(text: string): Scrape {
  return {
    text,
    families: parsePrometheusTextFormat(text),
    series: parsePrometheusTextFormat(text.replace(/^# TYPE \S+ histogram$/gm, '')),
  };
}

/** The family of that name; throws when the scrape has none. */
export function family(scrape: Scrape, name: string): MetricFamily {
  const found = scrape.families.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} in the scrape:\n${scrape.text.slice(0, 2000)}`);
  return found;
}

/** The value of the gauge or counter sample with exactly these labels, or undefined. */
export function valueOf(
  scrape: Scrape,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const sample = family(scrape, name).metrics.find((m) => {
    const own = m.labels ?? {};
    return (
      Object.keys(own).length === Object.keys(labels).length &&
      Object.entries(labels).every(([k, v]) => own[k] === v)
    );
  });
  return sample && 'value' in sample ? Number(sample.value) : undefined;
}

/** The answer-duration histogram's series: each one's labels and how many answers it counted. */
export function durationSeries(scrape: Scrape): { labels: Record<string, string>; count: number }[] {
  // one family per run of lines of a name: each label set's `_count` line is a family of its own
  const counts = scrape.series.filter((f) => f.name === 'http_request_duration_seconds_count');
  return counts
    .flatMap((f) => f.metrics)
    .map((m) => ({
      labels: m.labels ?? {},
      count: 'value' in m ? Number(m.value) : NaN,
    }));
}
