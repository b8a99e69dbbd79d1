/** Small helpers that make rows from both engines into the same JS values. */
export function parseList(text: string | null | undefined): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function parseMap(text: string | null | undefined): Record<string, string> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
  } catch {
    return {};
  }
}

export const toBool = (value: boolean | number | null | undefined): boolean => Boolean(value);

export const nowIso = (now: Date = new Date()) => now.toISOString();
