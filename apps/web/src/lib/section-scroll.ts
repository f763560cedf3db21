import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** A scroll has ended when no scroll event came for this long (Safari has no `scrollend`). */
const SCROLL_QUIET_MS = 120;
/** How many times a section is aimed at again after the scroll that should have reached it. */
const MAX_REAIMS = 3;

/** What a person does to scroll: any of them ends a scroll the app is making for them. */
export const PERSON_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown'] as const;

/** The page is scrolled as far down as it goes. */
export const atPageBottom = (): boolean =>
  window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;

let stopAiming: (() => void) | undefined;

/**
 * Scrolls a section into view. Sections carry `scroll-margin-top` (see section-nav) and the page
 * `scroll-padding-top`, so they land below the sticky bars. The sections the scroll passes may
 * change height as it goes (laid out only near the viewport, `content-visibility: auto` on the
 * token page; blocks that render when visible, `WhenVisible`), so the scroll aimed with their old
 * heights: when it ends, the section is aimed at again while it is not where it should be, unless
 * the person scrolled meanwhile.
 */
export function scrollToSection(id: string): boolean {
  const element = document.getElementById(id);
  if (!element || element.hidden) return false;
  stopAiming?.();
  let reaims = 0;
  let quiet = 0;
  const landed = () => {
    // Computed lengths are CSS pixels ('84px'): where the bars end, as scrollIntoView aims.
    const wanted =
      (Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0) +
      (Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0);
    const top = element.getBoundingClientRect().top;
    // A short last section cannot reach the top: the bottom of the page is where it lands.
    return Math.abs(top - wanted) <= 2 || (atPageBottom() && top > wanted);
  };
  const onScroll = () => {
    window.clearTimeout(quiet);
    quiet = window.setTimeout(() => {
      if (landed() || reaims === MAX_REAIMS || !element.isConnected) return stop();
      reaims++;
      element.scrollIntoView({ block: 'start' });
    }, SCROLL_QUIET_MS);
  };
  const stop = () => {
    window.clearTimeout(quiet);
    window.removeEventListener('scroll', onScroll);
    for (const event of PERSON_SCROLL_EVENTS) window.removeEventListener(event, stop);
    if (stopAiming === stop) stopAiming = undefined;
  };
  stopAiming = stop;
  window.addEventListener('scroll', onScroll, { passive: true });
  for (const event of PERSON_SCROLL_EVENTS) window.addEventListener(event, stop, { passive: true });
  element.scrollIntoView({ block: 'start' });
  // Already there: no scroll event will come.
  if (landed()) stop();
  return true;
}

/** Once the page's content is `ready`, scrolls to the section named by the URL hash. */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const id = decodeURIComponent(hash.slice(1));
    // After the browser has laid the content out.
    const frame = window.requestAnimationFrame(() => scrollToSection(id));
    return () => window.cancelAnimationFrame(frame);
  }, [hash, ready]);
}
