/**
 * The public figures of the home page and the service pages (product.md §3 'Lead stats', §9), their
 * marketing baselines, and how they are shown. The server computes the figures from live data
 * (server/services/stats.ts, definitions in docs/stats.md); the pages only format them, falling
 * back to the product.md §9 defaults when a figure is missing.
 */
export type PublicStats = {
  /** Average quoted ETA in days, one decimal */
  avgETA: number;
  /** Parts sourced to date */
  partsSourced: number;
  /** Communities served */
  citiesServed: number;
  /** Average minutes from request to quote */
  avgResponseTime: number;
};

/**
 * The business's marketing baselines (product.md §9 'Home statistic fallbacks'). They are what the site
 * shows while there is too little live data, and partsSourced counts on from its baseline (the
 * parts sourced before this system existed).
 */
export const MARKETING_BASELINES: PublicStats = {
  avgETA: 2.3,
  partsSourced: 12_847,
  citiesServed: 30,
  avgResponseTime: 18,
};

/** Fewer quoted leads than this in the window, and averages fall back to the baselines. */
export const MIN_QUOTES_FOR_AVERAGES = 5;
/** Averages look at quotes sent in this many recent days. */
export const AVERAGE_WINDOW_DAYS = 90;

const usable = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** The four figures, each one from the response when usable, else its product.md §9 default. */
export function withFallbacks(
  stats: Partial<Record<keyof PublicStats, unknown>> | null | undefined,
): PublicStats {
  const s = stats ?? {};
  return {
    avgETA: usable(s.avgETA) ? s.avgETA : MARKETING_BASELINES.avgETA,
    partsSourced: usable(s.partsSourced) ? s.partsSourced : MARKETING_BASELINES.partsSourced,
    citiesServed: usable(s.citiesServed) ? s.citiesServed : MARKETING_BASELINES.citiesServed,
    avgResponseTime: usable(s.avgResponseTime) ? s.avgResponseTime : MARKETING_BASELINES.avgResponseTime,
  };
}

/**
 * The average reply time in whole minutes, as every page that states it says it: the live figure,
 * or its product.md §9 default (decision 0140: the strip and the copy around it say the same number).
 */
export function averageResponseMinutes(
  stats: Partial<Record<keyof PublicStats, unknown>> | null | undefined,
): number {
  return Math.round(withFallbacks(stats).avgResponseTime);
}

export type StatDisplay = { key: keyof PublicStats; value: string; label: string };

/** The statistics strip: '2.3 days', '12,847', '30+', '18 min' with their labels. */
export function displayStats(
  stats: Partial<Record<keyof PublicStats, unknown>> | null | undefined,
): StatDisplay[] {
  const s = withFallbacks(stats);
  return [
    { key: 'avgETA', value: `${s.avgETA.toFixed(1)} days`, label: 'Average ETA' },
    {
      key: 'partsSourced',
      value: Math.round(s.partsSourced).toLocaleString('en-CA'),
      label: 'Parts Sourced',
    },
    { key: 'citiesServed', value: `${Math.round(s.citiesServed)}+`, label: 'Cities Served' },
    { key: 'avgResponseTime', value: `${averageResponseMinutes(s)} min`, label: 'Average Response' },
  ];
}
