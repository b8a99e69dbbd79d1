/**
 * The item page's pictures (SPEC §2 'Catalog item', §9): a main image and up to 4 more as
 * thumbnails. Thumbnails are buttons: Tab moves through them, Enter or Space (or a tap) shows that
 * picture, and arrow keys, Home and End move along the strip and show the picture they land on.
 */
import { useRef, useState } from 'react';
import { cn } from '#app/components/ui/cn.ts';
import { GALLERY_IMAGES } from '#app/modules/catalog/catalog.ts';
import { CatalogImage } from './catalog-image.tsx';

export function ItemGallery({ images, title }: { images: readonly string[]; title: string }) {
  const shown = images.slice(0, GALLERY_IMAGES);
  const [current, setCurrent] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const count = Math.max(1, shown.length);

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
          alt={shown.length > 1 ? `${title}, picture ${current + 1} of ${count}` : title}
          width={800}
          height={600}
          fetchPriority="high"
          className="aspect-[4/3] h-auto w-full object-cover"
        />
      </div>
      {shown.length > 1 && (
        <div role="group" aria-label="Pictures of this part" className="grid grid-cols-5 gap-2 sm:gap-3">
          {shown.map((src, i) => (
            <button
              key={src}
              ref={(el) => {
                thumbs.current[i] = el;
              }}
              type="button"
              aria-label={`Show picture ${i + 1} of ${count}`}
              aria-pressed={i === current}
              onClick={() => setCurrent(i)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={cn(
                'min-h-11 overflow-hidden rounded-lg border-2 bg-slate-100 transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:ring-offset-2',
                i === current ? 'border-orange-600' : 'border-transparent opacity-80 hover:opacity-100',
              )}
            >
              <CatalogImage
                src={src}
                alt=""
                width={160}
                height={120}
                loading="lazy"
                className="aspect-[4/3] h-full w-full object-cover"
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
