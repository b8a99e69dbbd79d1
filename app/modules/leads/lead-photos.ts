/**
 * Where a lead's photos live for staff: private storage keys (`leads/<128 random bits>.<ext>`) and
 * the admin-only URL that serves them (GET /api/leads/photos/{key}, `?preview` for a small copy).
 * Pure.
 */
export const LEAD_PHOTO_DIR = 'leads';

/** A storage key the photo endpoint will look up; anything else is refused before any disk access. */
export const LEAD_PHOTO_KEY = /^leads\/[0-9a-f]{32}\.(?:jpg|webp)$/;

export const LEAD_PHOTO_ROUTE = '/api/leads/photos/';

export function leadPhotoUrl(storageKey: string): string {
  return `${LEAD_PHOTO_ROUTE}${storageKey}`;
}

/** The same photo as a 640 px copy (`?preview`, decision 0171): what a tile of the lead dialog shows. */
export function leadPhotoPreviewUrl(photoUrl: string): string {
  return `${photoUrl}?preview`;
}
