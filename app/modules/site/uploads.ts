/**
 * A picture stored through the image pipeline, as the upload endpoints answer it (catalog and
 * blog pictures: POST /api/admin/catalog/images, POST /api/admin/blog/images).
 */
export type UploadedImage = { url: string; width: number; height: number };
