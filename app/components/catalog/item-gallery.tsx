/**
 * The item page's pictures (product.md §2 'Catalog item', §9): a main image and up to 4 more as
 * thumbnails. The server renders the thumbnails as links to the pictures themselves (what works
 * with JavaScript off) and item-gallery.js turns them into buttons: Tab moves through them, Enter
 * or Space (or a tap) shows that picture, and arrow keys, Home and End move along the strip and
 * show the picture they land on.
 */
import galleryScript from './item-gallery.js?url';
import { cn } from '#app/components/ui/cn.ts';
import { GALLERY_IMAGES } from '#app/modules/catalog/catalog.ts';
import { CatalogImage } from './catalog-image.tsx';

const THUMB_CLASS =
  'min-h-11 overflow-hidden rounded-lg border-2 bg-slate-100 transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500 focus-visible:ring-offset-2';
const SELECTED = 'border-orange-600';
const UNSELECTED = 'border-transparent opacity-80 hover:opacity-100';

export function ItemGallery({ images, title }: { images: readonly string[]; title: string }) {
  const shown = images.slice(0, GALLERY_IMAGES);
  const count = Math.max(1, shown.length);
  const altOf = (i: number) => (shown.length > 1 ? `${title}, picture ${i + 1} of ${count}` : title);

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-slate-100">
        <CatalogImage
          src={shown[0]}
          alt={altOf(0)}
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
            return (
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
      {shown.length > 1 && <script src={galleryScript} defer />}
    </div>
  );
}
