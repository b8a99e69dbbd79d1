/**
 * The item page's pictures (SPEC §2 'Catalog item', §9): a main image and up to 4 more as
 * thumbnails. Thumbnails are buttons: Tab moves through them, Enter or Space (or a tap) shows that
 * picture, and arrow keys, Home and End move along the strip and show the picture they land on.
 *
 * The item page ships no React (decision 0112): the server renders the thumbnails as links to the
 * pictures themselves (what works with JavaScript off) and item-gallery.js turns them into those
 * buttons. When React renders the page (a client-side visit from a hydrated page) it renders the
 * buttons itself, with the same behaviour.
 */
import { useRef, useState } from 'react';
import galleryScript from './item-gallery.js?url';
import { useNonce } from '#app/components/site/nonce.tsx';
import { cn } from '#app/components/ui/cn.ts';
import { useHydrated } from '#app/components/ui/use-hydrated.ts';
import { GALLERY_IMAGES } from '#app/modules/catalog/catalog.ts';
import { CatalogImage } from './catalog-image.tsx';

const THUMB_CLASS =
  'min-h-11 overflow-hidden rounded-lg border-2 bg-slate-100 transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:ring-offset-2';
const SELECTED = 'border-orange-600';
const UNSELECTED = 'border-transparent opacity-80 hover:opacity-100';

export function ItemGallery({ images, title }: { images: readonly string[]; title: string }) {
  const shown = images.slice(0, GALLERY_IMAGES);
  const [current, setCurrent] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const hydrated = useHydrated();
  const nonce = useNonce();
  const count = Math.max(1, shown.length);
  const altOf = (i: number) => (shown.length > 1 ? `${title}, picture ${i + 1} of ${count}` : title);

  function onKeyDown(event: React.KeyboardEvent, index: number) {
    const last = shown.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    thumbs.current[next]?.focus();
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
        <CatalogImage
          src={shown[current]}
          alt={altOf(current)}
          width={800}
          height={600}
          fetchPriority="high"
          data-gallery-main=""
          className="aspect-[4/3] h-auto w-full object-cover"
        />
      </div>
      {shown.length > 1 && (
        <div
          role="group"
          aria-label="Pictures of this part"
          data-gallery=""
          data-selected={SELECTED}
          data-unselected={UNSELECTED}
          className="grid grid-cols-5 gap-2 sm:gap-3"
        >
          {shown.map((src, i) => {
            const thumb = (
              <CatalogImage
                src={src}
                alt=""
                width={160}
                height={120}
                loading="lazy"
                className="aspect-[4/3] h-full w-full object-cover"
              />
            );
            const label = `Show picture ${i + 1} of ${count}`;
            return hydrated ? (
              <button
                key={src}
                ref={(el) => {
                  thumbs.current[i] = el;
                }}
                type="button"
                aria-label={label}
                aria-pressed={i === current}
                onClick={() => setCurrent(i)}
                onKeyDown={(e) => onKeyDown(e, i)}
                className={cn(THUMB_CLASS, i === current ? SELECTED : UNSELECTED)}
              >
                {thumb}
              </button>
            ) : (
              <a
                key={src}
                href={src}
                aria-label={label}
                aria-current={i === 0 ? 'true' : undefined}
                data-gallery-thumb=""
                data-alt={altOf(i)}
                className={cn(THUMB_CLASS, 'block', i === 0 ? SELECTED : UNSELECTED)}
              >
                {thumb}
              </a>
            );
          })}
        </div>
      )}
      {shown.length > 1 && <script src={galleryScript} defer nonce={nonce} />}
    </div>
  );
}
