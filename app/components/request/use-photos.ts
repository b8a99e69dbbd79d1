/**
 * The photos a customer has chosen: the spec's checks with their browser alerts (product.md §5, §8),
 * a preview URL each, and the upload version prepared in the background one photo at a time
 * (downscaled when large), so submitting does not wait for work that could have been done earlier.
 * The shrinking and the previews are fetched with the first photo (photo-handling.ts, decision
 * 0116); the checks answer at once, counting photos still waiting for it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkNewPhotos } from '#app/modules/leads/lead-request.ts';
import type { ChosenPhoto } from './chosen-photo.ts';
import { onDemand } from './on-demand.ts';
import { COPY } from './request-copy.ts';

export const photoHandling = onDemand(() => import('./photo-handling.ts'));

let nextId = 0;
/** The browser's alert (product.md §8), one function for every render, so `add` stays the same */
const browserAlert = (message: string) => window.alert(message);

export function usePhotos(alert: (message: string) => void = browserAlert) {
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const current = useRef<ChosenPhoto[]>([]);
  /** Accepted photos waiting for the photo handling to arrive */
  const waiting = useRef(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const update = useCallback((next: ChosenPhoto[]) => {
    current.current = next;
    setPhotos(next);
  }, []);

  const add = useCallback(
    (files: readonly File[]) => {
      if (!files.length) return;
      const { accepted, alerts } = checkNewPhotos(current.current.length + waiting.current, files);
      for (const message of alerts) alert(message);
      if (!accepted.length) return;
      waiting.current += accepted.length;
      photoHandling.load().then(
        ({ downscaleForUpload }) => {
          waiting.current -= accepted.length;
          const added = accepted.map((file): ChosenPhoto => {
            const id = `photo-${++nextId}`;
            const ready = queue.current.then(() => downscaleForUpload(file));
            queue.current = ready.catch(() => undefined);
            const photo: ChosenPhoto = { id, name: file.name, previewUrl: URL.createObjectURL(file), ready };
            void ready.then((upload) => {
              const list = current.current;
              if (list.some((p) => p.id === id))
                update(list.map((p) => (p.id === id ? { ...p, upload } : p)));
            });
            return photo;
          });
          update([...current.current, ...added]);
        },
        () => {
          // not fetched (no signal, and the page not kept on the phone yet: decision 0208): nothing
          // was added, and the customer is told so, to choose them again
          waiting.current -= accepted.length;
          alert(COPY.photos.notReady);
        },
      );
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
