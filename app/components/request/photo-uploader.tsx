/**
 * The photo area of step 1 (product.md §2): a drop zone that is also a button opening the file picker,
 * the label and hint, previews with a remove button each, and the photo tips box. The previews and
 * the shrinking come with the photo handling, fetched when the drop zone is opened or dragged over
 * (photo-handling.ts, decision 0116).
 */
import { Camera, CheckCircle2, ImagePlus } from 'lucide-react';
import { useRef, useState } from 'react';
import { clsx } from 'clsx';
import { hintId } from './fields.tsx';
import { REQUEST_FORM_ISLAND } from './island.ts';
import { COPY } from './request-copy.ts';
import type { ChosenPhoto } from './chosen-photo.ts';
import { photoHandling } from './use-photos.ts';

export function PhotoUploader({
  photos,
  onAdd,
  onRemove,
  disabled,
}: {
  photos: readonly ChosenPhoto[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  disabled?: boolean;
}) {
  // a fixed id, not useId(): the form is hydrated as an island (decision 0112), where useId's
  // values differ from the server's, and there is one photo area on the page
  const inputId = REQUEST_FORM_ISLAND.photoInput;
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  // photos already chosen means the photo handling is there
  const Previews = photoHandling.current?.PhotoPreviews;

  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {COPY.photos.label}
      </label>
      <p id={hintId(inputId)} className="mb-3 text-sm text-slate-600">
        {COPY.photos.hint}
      </p>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        tabIndex={-1}
        className="sr-only"
        aria-describedby={hintId(inputId)}
        disabled={disabled}
        onChange={(event) => {
          onAdd(Array.from(event.currentTarget.files ?? []));
          // the same photo can be chosen again after removing it
          event.currentTarget.value = '';
        }}
      />
      <button
        id={REQUEST_FORM_ISLAND.dropZone}
        type="button"
        disabled={disabled}
        onClick={() => {
          // fetched while the customer is in the file picker
          photoHandling.preload();
          input.current?.click();
        }}
        onDragEnter={(event) => {
          event.preventDefault();
          photoHandling.preload();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!disabled) onAdd(Array.from(event.dataTransfer.files));
        }}
        aria-describedby={`${inputId}-count`}
        className={clsx(
          'flex w-full scroll-mb-28 flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:ring-offset-2',
          dragging
            ? 'border-accent bg-orange-50'
            : 'border-slate-300 bg-slate-50 hover:border-slate-400 hover:bg-slate-100',
        )}
      >
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-white text-accent shadow-sm ring-1 ring-slate-200">
          {dragging ? (
            <ImagePlus className="h-6 w-6" aria-hidden="true" />
          ) : (
            <Camera className="h-6 w-6" aria-hidden="true" />
          )}
        </span>
        <span className="text-base font-semibold text-slate-900">
          {dragging ? (
            COPY.photos.dropTitleActive
          ) : (
            // both words are in the server's HTML; a media query shows the one for the screen, so
            // nothing moves once scripts run. display: none also keeps the other out of the name
            <>
              <span className="pointer-coarse:hidden">{COPY.photos.dropTitle}</span>
              <span className="hidden pointer-coarse:inline">{COPY.photos.tapTitle}</span>
            </>
          )}
        </span>
        <span className="text-sm text-slate-600">{COPY.photos.dropDetail}</span>
      </button>
      <p id={`${inputId}-count`} className="mt-2 text-sm text-slate-600" aria-live="polite">
        {COPY.photos.count(photos.length)}
      </p>

      {/* names the list below: a plain list should not carry an aria-label */}
      <span id={`${inputId}-chosen`} hidden>
        {COPY.photos.chosen}
      </span>
      {photos.length > 0 && Previews && (
        <Previews photos={photos} onRemove={onRemove} disabled={disabled} labelledBy={`${inputId}-chosen`} />
      )}

      <section
        aria-labelledby={`${inputId}-tips`}
        className="mt-4 rounded-lg border border-orange-200 bg-orange-50 p-4 text-sm text-slate-800"
      >
        <h3 id={`${inputId}-tips`} className="font-semibold text-slate-900">
          {COPY.tips.title}
        </h3>
        <ul className="mt-2 space-y-1.5">
          {COPY.tips.items.map((tip) => (
            <li key={tip} className="flex gap-2">
              <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-orange-700" aria-hidden="true" />
              {tip}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
