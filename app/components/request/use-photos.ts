/**
 * The photos a customer has chosen: the spec's checks with their browser alerts (SPEC §5, §8),
 * a preview URL each, and the upload version prepared in the background one photo at a time
 * (downscaled when large), so submitting does not wait for work that could have been done earlier.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkNewPhotos } from '#app/modules/leads/lead-request.ts';
import { downscaleForUpload, type UploadImage } from './downscale.ts';

export type ChosenPhoto = {
  id: string;
  name: string;
  previewUrl: string;
  /** Set once the upload version is ready */
  upload?: UploadImage;
  ready: Promise<UploadImage>;
};

let nextId = 0;

export function usePhotos(alert: (message: string) => void = (m) => window.alert(m)) {
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const current = useRef<ChosenPhoto[]>([]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const update = useCallback((next: ChosenPhoto[]) => {
    current.current = next;
    setPhotos(next);
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      if (!files.length) return;
      const { accepted, alerts } = checkNewPhotos(current.current.length, files);
      for (const message of alerts) alert(message);
      const added = accepted.map((file): ChosenPhoto => {
        const id = `photo-${++nextId}`;
        const ready = queue.current.then(() => downscaleForUpload(file));
        queue.current = ready.catch(() => undefined);
        const photo: ChosenPhoto = { id, name: file.name, previewUrl: URL.createObjectURL(file), ready };
        void ready.then((upload) => {
          const list = current.current;
          if (list.some((p) => p.id === id)) update(list.map((p) => (p.id === id ? { ...p, upload } : p)));
        });
        return photo;
      });
      if (added.length) update([...current.current, ...added]);
    },
    [alert, update],
  );

  const remove = useCallback(
    (id: string) => {
      const photo = current.current.find((p) => p.id === id);
      if (photo) URL.revokeObjectURL(photo.previewUrl);
      update(current.current.filter((p) => p.id !== id));
    },
    [update],
  );

  const clear = useCallback(() => {
    for (const photo of current.current) URL.revokeObjectURL(photo.previewUrl);
    update([]);
  }, [update]);

  /** The upload versions of every chosen photo, in order (waits for any still being prepared). */
  const uploads = useCallback(() => Promise.all(current.current.map((p) => p.ready)), []);

  useEffect(
    () => () => {
      for (const photo of current.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  return { photos, add, remove, clear, uploads };
}
