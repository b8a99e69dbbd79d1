/** Display labels for leads on the admin screens (equipment, category, city; the urgency's: app/modules/leads/urgency.ts). */
import { EQUIPMENT_TYPES, PART_CATEGORIES } from '#app/modules/leads/lead-request.ts';

export function equipmentLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return EQUIPMENT_TYPES.find((e) => e.value === value)?.label ?? value;
}

export function categoryLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return PART_CATEGORIES.find((c) => c.slug === value)?.name ?? value;
}

export function cityLabel(value: string | null | undefined): string | null {
  if (!value) return null;
  return value
    .split('-')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');
}
