/**
 * Uploaded images are served as WebP at three widths: `name.webp` (up to 1600 px) and the
 * `name-960.webp` and `name-480.webp` renditions, so phones can load the small ones.
 */
const IMAGE = /^(.*\/media\/images\/[^/?#]+?)\.webp$/;

export const IMAGE_WIDTHS = [480, 960, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** The URL of one rendition; other URLs are returned as they are. */
export function mediaRendition(url: string, width: ImageWidth): string {
  const match = IMAGE.exec(url);
  if (!match || width === 1600) return url;
  return `${match[1]}-${width}.webp`;
}

/** A srcset over the three renditions, or undefined for a URL that is not an uploaded image. */
export function mediaSrcSet(url: string): string | undefined {
  if (!IMAGE.test(url)) return undefined;
  return IMAGE_WIDTHS.map((width) => `${mediaRendition(url, width)} ${width}w`).join(', ');
}
