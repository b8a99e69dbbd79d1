/**
 * A catalog picture that falls back to the placeholder when it cannot be shown (SPEC §8: broken
 * images fall back to a default placeholder image). A server-rendered <img> may fail before React
 * attaches its onError, so the image is also checked once React has hydrated it.
 */
import { useEffect, useRef, useState } from 'react';
import { PLACEHOLDER_IMAGE } from '#app/modules/catalog/catalog.ts';

type Props = Omit<React.ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> & {
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
};

export function CatalogImage({ src, alt, ...props }: Props) {
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const wanted = src || PLACEHOLDER_IMAGE;
  const shown = failed === wanted ? PLACEHOLDER_IMAGE : wanted;

  useEffect(() => {
    const img = ref.current;
    // complete with no pixels: the request failed before hydration, when no onError was listening
    if (img && img.complete && img.naturalWidth === 0 && wanted !== PLACEHOLDER_IMAGE) setFailed(wanted);
  }, [wanted]);

  return (
    <img
      ref={ref}
      src={shown}
      alt={alt}
      decoding="async"
      onError={() => {
        if (shown !== PLACEHOLDER_IMAGE) setFailed(wanted);
      }}
      {...props}
    />
  );
}
