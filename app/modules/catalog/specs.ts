/**
 * Specifications as staff type them (the dialog's textarea, a CSV cell): one 'Name: value' per
 * line. The first colon splits, so values may contain colons ('Thread: 1/2-20 UNF').
 */
export const MAX_SPECS = 40;
export const SPEC_NAME_MAX = 60;
export const SPEC_VALUE_MAX = 200;

export type SpecsParse = { specs: Record<string, string>; badLines: number[] };

export function parseSpecsText(text: string): SpecsParse {
  const specs: Record<string, string> = {};
  const badLines: number[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line) return;
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    const value = colon > 0 ? line.slice(colon + 1).trim() : '';
    if (!name || !value) badLines.push(index + 1);
    else specs[name] = value;
  });
  return { specs, badLines };
}

export function specsToText(specs: Record<string, string>): string {
  return Object.entries(specs)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}
