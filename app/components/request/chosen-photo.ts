/**
 * A photo the customer has chosen, as the form keeps it (use-photos.ts) and shows it
 * (photo-previews.tsx, photo-uploader.tsx): its own module, so the previews, fetched on demand
 * (decision 0116), need nothing back from the hook that fetches them.
 */
import type { UploadImage } from './downscale.ts';

export type ChosenPhoto = {
  id: string;
  name: string;
  previewUrl: string;
  /** Set once the upload version is ready */
  upload?: UploadImage;
  ready: Promise<UploadImage>;
};
