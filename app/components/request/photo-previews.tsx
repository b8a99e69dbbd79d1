/**
 * The previews of the chosen photos (product.md §2), each with its remove button and, until its upload
 * version is ready, an 'Optimizing' label. Part of the photo handling loaded with the first photo
 * (photo-handling.ts, decision 0116).
 */
import { Loader2, X } from 'lucide-react';
import { COPY } from './request-copy.ts';
import type { ChosenPhoto } from './chosen-photo.ts';

export function PhotoPreviews({
  photos,
  onRemove,
  disabled,
  labelledBy,
}: {
  photos: readonly ChosenPhoto[];
  onRemove: (id: string) => void;
  disabled?: boolean;
  /** the id of the hidden text naming the list (a plain list should not carry an aria-label) */
  labelledBy: string;
}) {
  return (
    <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-6" aria-labelledby={labelledBy}>
      {photos.map((photo, index) => (
        <li key={photo.id} className="relative">
          <img
            src={photo.previewUrl}
            alt={`Photo ${index + 1}: ${photo.name}`}
            className="aspect-square w-full rounded-md object-cover ring-1 ring-slate-200"
          />
          {!photo.upload && (
            <span className="absolute inset-x-1 bottom-1 flex items-center justify-center gap-1 rounded bg-slate-900/80 px-1 py-0.5 text-xs text-white">
              <Loader2 className="h-3 w-3 animate-spin" aria-hidden="true" />
              {COPY.photos.preparing}
            </span>
          )}
          <button
            type="button"
            onClick={() => onRemove(photo.id)}
            disabled={disabled}
            aria-label={COPY.photos.remove(photo.name)}
            className="absolute -right-2 -top-2 flex h-11 w-11 items-center justify-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500"
          >
            <span className="flex h-7 w-7 items-center justify-center rounded-full bg-slate-900 text-white shadow ring-2 ring-white hover:bg-red-700">
              <X className="h-4 w-4" aria-hidden="true" />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
