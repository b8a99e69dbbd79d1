/**
 * Photos from a phone are 12-50 megapixels; a serial tag is perfectly readable at 2,500 px. Before
 * upload, anything bigger is redrawn at 2,500 px on its long edge as a JPEG (quality 0.85), which
 * turns a 4-8 MB photo into a few hundred kilobytes on a weak rural connection. Smaller images,
 * and anything the browser cannot decode (the server has the final word), are sent as they are.
 * Redrawing also drops the photo's EXIF block (GPS included) before it leaves the phone.
 */
export const MAX_UPLOAD_EDGE = 2500;
export const UPLOAD_QUALITY = 0.85;

export type UploadImage = { blob: Blob; name: string; downscaled: boolean };

const asJpegName = (name: string) => `${name.replace(/\.[^./\\]*$/, '') || 'photo'}.jpg`;

export async function downscaleForUpload(file: File): Promise<UploadImage> {
  const original: UploadImage = { blob: file, name: file.name, downscaled: false };
  if (typeof createImageBitmap !== 'function') return original;
  let bitmap: ImageBitmap;
  try {
    // 'from-image' applies the EXIF orientation, so the redrawn photo is upright without it
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return original;
  }
  try {
    const long = Math.max(bitmap.width, bitmap.height);
    if (long <= MAX_UPLOAD_EDGE) return original;
    const scale = MAX_UPLOAD_EDGE / long;
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const blob = await drawJpeg(bitmap, width, height);
    return blob ? { blob, name: asJpegName(file.name), downscaled: true } : original;
  } catch {
    return original;
  } finally {
    bitmap.close();
  }
}

async function drawJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: UPLOAD_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', UPLOAD_QUALITY));
}
