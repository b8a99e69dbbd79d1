/**
 * An item's pictures in the Add/Edit dialog: upload (through the server's image pipeline), reorder
 * (the first is the main picture) and remove. The list of URLs is saved with the item.
 */
import { ArrowLeft, ArrowRight, ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { adminApi, errorMessage } from '#app/components/admin/admin-api.ts';
import { cn } from '#app/components/ui/cn.ts';
import { toast } from '#app/components/ui/use-toast.ts';
import { MAX_ITEM_IMAGES } from '#app/modules/catalog/catalog.ts';
import { CatalogImage } from '../catalog-image.tsx';

const MAX_BYTES = 10 * 1024 * 1024;
/** The server takes at most this many per request. */
const PER_UPLOAD = 6;

const iconButton =
  'inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:pointer-events-none disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-orange-500';

export function ItemImagesField({
  value,
  onChange,
  title,
}: {
  value: string[];
  onChange: (urls: string[]) => void;
  title: string;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const room = MAX_ITEM_IMAGES - value.length;

  async function upload(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (!files.length) return;
    const problem =
      files.length > room
        ? `At most ${MAX_ITEM_IMAGES} pictures per item`
        : (files
            .map((f) =>
              !f.type.startsWith('image/')
                ? `${f.name} is not an image file`
                : f.size > MAX_BYTES
                  ? `${f.name} is too large (max 10MB)`
                  : null,
            )
            .find(Boolean) ?? null);
    if (problem) {
      toast({ title: 'Error', description: problem, variant: 'destructive' });
      return;
    }
    setUploading(true);
    try {
      const urls: string[] = [];
      for (let i = 0; i < files.length; i += PER_UPLOAD) {
        const images = await adminApi.catalog.uploadImages(files.slice(i, i + PER_UPLOAD));
        urls.push(...images.map((r) => r.url));
      }
      onChange([...value, ...urls]);
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err), variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  }

  function move(from: number, to: number) {
    const next = [...value];
    const [url] = next.splice(from, 1);
    if (url === undefined) return;
    next.splice(to, 0, url);
    onChange(next);
  }

  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">Pictures</legend>
      <p className="mb-3 text-sm text-slate-600">
        The first picture is the main one. JPEG, PNG, WebP or HEIC, up to 10MB each; they are resized and
        their metadata removed.
      </p>
      {value.length > 0 && (
        <ul className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {value.map((url, i) => (
            <li key={url} className="overflow-hidden rounded-lg border border-slate-200 bg-white">
              <div className="relative">
                <CatalogImage
                  src={url}
                  alt={`${title || 'Item'}, picture ${i + 1}`}
                  width={320}
                  height={240}
                  className="aspect-[4/3] w-full object-cover"
                />
                {i === 0 && (
                  <span className="absolute left-2 top-2 rounded bg-slate-900/85 px-2 py-0.5 text-xs font-semibold text-white">
                    Main
                  </span>
                )}
              </div>
              <div className="flex justify-between border-t border-slate-200">
                <button
                  type="button"
                  className={iconButton}
                  onClick={() => move(i, i - 1)}
                  disabled={i === 0}
                  aria-label={`Move picture ${i + 1} earlier`}
                >
                  <ArrowLeft className="h-4 w-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={iconButton}
                  onClick={() => move(i, i + 1)}
                  disabled={i === value.length - 1}
                  aria-label={`Move picture ${i + 1} later`}
                >
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={cn(iconButton, 'text-red-700 hover:bg-red-50')}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                  aria-label={`Remove picture ${i + 1}`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        className="peer sr-only"
        disabled={uploading || room <= 0}
        onChange={(e) => void upload(e.currentTarget.files)}
      />
      <label
        htmlFor={inputId}
        className={cn(
          'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-dashed border-slate-400 bg-slate-50 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100 peer-focus-visible:ring-2 peer-focus-visible:ring-orange-500 peer-focus-visible:ring-offset-2',
          (uploading || room <= 0) && 'pointer-events-none opacity-60',
        )}
      >
        {uploading ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
        )}
        {uploading ? 'Uploading...' : 'Upload pictures'}
      </label>
      <span className="ml-3 text-sm text-slate-600">
        {value.length} of {MAX_ITEM_IMAGES}
      </span>
    </fieldset>
  );
}
