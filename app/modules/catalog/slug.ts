/**
 * The slug rule of product.md §5 'Catalog form': lowercase, strip characters other than letters, digits,
 * whitespace and hyphens, turn whitespace runs into one hyphen, collapse repeated hyphens, trim.
 * Accented letters keep their base letter (Café → cafe) so URLs stay plain ASCII, and trimming
 * also removes hyphens left at either end ('Hitch -' → 'hitch', not 'hitch-').
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 120;

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}
