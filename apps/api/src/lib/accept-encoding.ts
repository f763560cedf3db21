/** Below this, gzip's framing and the CPU cost more than the bytes saved. */
export const GZIP_MIN_BYTES = 1024;

/** True when an Accept-Encoding header lists `coding` without `q=0`. */
export function acceptsEncoding(
  acceptEncoding: string | undefined,
  coding: 'br' | 'gzip',
): boolean {
  return (acceptEncoding ?? '').split(',').some((item) => {
    const [name, ...params] = item.split(';');
    return name!.trim() === coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}
