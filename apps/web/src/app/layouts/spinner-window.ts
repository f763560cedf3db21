/**
 * When a layout may render its screen (docs/product.md §9: a spinner for about 500 ms before rendering),
 * on the `performance.now()` clock.
 *
 * The window counts from when the spinner is first on screen. On a page load that is the first
 * paint of index.html, which shows the same spinner before any script has run: by the time a phone
 * has downloaded and run the app, the spinner has usually been up for 500 ms already, and the screen
 * renders at once instead of 500 ms later. A layout mounted later (navigating between the public
 * and the private area) shows it for the full window from its mount.
 */
let documentDeadline: number | undefined;

export function spinnerDeadline(windowMs: number, now = performance.now()): number {
  if (windowMs <= 0) return now;
  if (documentDeadline === undefined) {
    const firstPaint = performance.getEntriesByName('first-paint')[0]?.startTime;
    documentDeadline = (firstPaint ?? now) + windowMs;
    return documentDeadline;
  }
  // Layouts mounted while the document's spinner is still up share its window.
  return now < documentDeadline ? documentDeadline : now + windowMs;
}
