/**
 * The request form's photo handling, one chunk fetched with the first photo chosen or when the
 * drop zone is opened or dragged over (decision 0116): shrinking for upload and the previews.
 * The photo rules and their alerts stay with the form (use-photos.ts), so they answer at once.
 */
export { downscaleForUpload } from './downscale.ts';
export { PhotoPreviews } from './photo-previews.tsx';
