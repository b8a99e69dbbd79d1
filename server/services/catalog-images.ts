/**
 * The catalog's pictures (decision 0020): uploads run through the one image pipeline
 * (server/storage/images.ts) into public storage, and the files no item lists any more removed.
 */
import type { UploadedImage } from '#app/modules/site/uploads.ts';
import { catalogImagesInUse } from '../db/repo/catalog.ts';
import { AppError } from '../errors.ts';
import { NotAnImageError } from '../storage/index.ts';
import type { ServiceDeps } from './context.ts';

/** Catalog pictures: public, WebP, at most 1600 px on the long side (enough for a zoomed gallery). */
export const CATALOG_IMAGE = { format: 'webp', maxEdge: 1600, quality: 80 } as const;
export const IMAGE_RULES = { maxBytes: 10 * 1024 * 1024, maxPerUpload: 6 } as const;
export const IMAGE_MESSAGES = {
  notImage: (file: string) => `${file} is not an image file`,
  tooLarge: (file: string) => `${file} is too large (max 10MB)`,
  none: 'Choose at least one image to upload.',
} as const;

export function catalogImages({ db, files, logger }: Pick<ServiceDeps, 'db' | 'files' | 'logger'>) {
  /**
   * Deletes the uploaded pictures among `urls` that no item lists any more (an item's picture
   * removed in the dialog or replaced by a sheet import). A file that cannot be removed is logged
   * and left: the item is saved either way.
   */
  async function removeUnused(urls: readonly string[]): Promise<void> {
    const ours = urls.filter((url) => files.publicKeyOf(url)?.startsWith('catalog/'));
    if (!ours.length) return;
    const inUse = await catalogImagesInUse(db, ours);
    for (const url of ours) {
      if (inUse.has(url)) continue;
      try {
        await files.remove('public', files.publicKeyOf(url)!);
      } catch (err) {
        logger.warn({ err, url }, 'catalog image could not be removed');
      }
    }
  }

  /**
   * Runs uploaded pictures through the image pipeline (decoded or refused, re-encoded as WebP,
   * metadata stripped) and stores them in public storage under random names. Returns their URLs,
   * in order, for the item's images list.
   */
  async function save(uploads: readonly { data: Buffer; name: string }[]): Promise<UploadedImage[]> {
    if (uploads.length === 0) throw new AppError(400, IMAGE_MESSAGES.none);
    // every picture is checked before the first is written: a refused batch leaves no file behind
    const processed = [];
    for (const upload of uploads) {
      if (upload.data.length > IMAGE_RULES.maxBytes)
        throw new AppError(413, IMAGE_MESSAGES.tooLarge(upload.name));
      try {
        processed.push(await files.prepareImage(upload.data, CATALOG_IMAGE));
      } catch (err) {
        if (err instanceof NotAnImageError) {
          logger.info({ file: upload.name, reason: err.message }, 'catalog image refused');
          throw new AppError(400, IMAGE_MESSAGES.notImage(upload.name), { cause: err });
        }
        throw err;
      }
    }
    const saved: UploadedImage[] = [];
    for (const image of processed) {
      const { url, width, height } = await files.saveImage('public', image, 'catalog');
      saved.push({ url, width, height });
    }
    return saved;
  }

  return { save, removeUnused };
}
