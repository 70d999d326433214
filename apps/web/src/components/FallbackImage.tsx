import { type ImgHTMLAttributes, type SyntheticEvent, useState } from 'react';

/**
 * The picture shown instead of an image that failed to load (PRODUCT.md#errors): a small inline SVG — a grey
 * frame with a mountain-and-sun glyph — so it costs no request and cannot fail itself.
 */
export const FALLBACK_IMAGE_SRC = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#efe8df"/>' +
    '<circle cx="44" cy="22" r="6" fill="#c9bba9"/><path d="M8 50l16-20 12 14 8-8 12 14z" fill="#c9bba9"/></svg>',
)}`;

/** Props of {@link FallbackImage}: an `img`'s props; `src` may be empty (the fallback shows then). */
export type FallbackImageProps = ImgHTMLAttributes<HTMLImageElement> & { src?: string | null };

/**
 * An `img` that shows {@link FALLBACK_IMAGE_SRC} when its picture cannot be loaded or there is none
 * (PRODUCT.md#errors). A new `src` gets a fresh try.
 */
export function FallbackImage({ src, onError, alt = '', ...props }: FallbackImageProps) {
  const [failed, setFailed] = useState<string | null | undefined>(undefined);
  const broken = !src || failed === src;
  function handleError(event: SyntheticEvent<HTMLImageElement, Event>) {
    if (!broken) setFailed(src);
    onError?.(event);
  }
  return (
    <img
      {...props}
      alt={alt}
      src={broken ? FALLBACK_IMAGE_SRC : src}
      data-fallback={broken ? 'true' : undefined}
      onError={handleError}
    />
  );
}
