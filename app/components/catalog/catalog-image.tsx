/**
 * A catalog picture: the placeholder when the item has none. A picture that fails to load falls
 * back to the placeholder through app/chrome.js (product.md §8), on every page.
 */
import { PLACEHOLDER_IMAGE } from '#app/modules/catalog/catalog.ts';

type Props = Omit<React.ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> & {
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
};

export function CatalogImage({ src, alt, ...props }: Props) {
  return <img src={src || PLACEHOLDER_IMAGE} alt={alt} decoding="async" {...props} />;
}
