import type { ImgHTMLAttributes } from 'react';
import { mediaRendition, mediaSrcSet, type ImageWidth } from '@/lib/media';

interface MediaImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  /** An uploaded image URL (/media/images/….webp). */
  src: string;
  alt: string;
  /** The rendition used as `src` for browsers that ignore srcset (default 960). */
  fallbackWidth?: ImageWidth;
  /** Below the fold by default; pass 'eager' for what shows first. */
  loading?: 'lazy' | 'eager';
}

/** An uploaded image with its 480/960/1600 px renditions, so phones download the small one. */
export function MediaImage({
  src,
  alt,
  sizes = '100vw',
  fallbackWidth = 960,
  loading = 'lazy',
  ...rest
}: MediaImageProps) {
  return (
    <img
      src={mediaRendition(src, fallbackWidth)}
      srcSet={mediaSrcSet(src)}
      sizes={sizes}
      alt={alt}
      loading={loading}
      decoding="async"
      {...rest}
    />
  );
}
