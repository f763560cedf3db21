import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';
import { PERSON_SCROLL_EVENTS } from '@/lib/section-scroll';

const STORAGE_KEY = 'scrollPositions';

function savedPositions(): Record<string, number> {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * A history entry's key. The document's first entry has none of its own ('default' for every
 * document the tab loads), so its address stands in for it.
 */
const entryKey = (location: { key: string; pathname: string; search: string }) =>
  location.key === 'default' ? `${location.pathname}${location.search}` : location.key;

/** The document itself was reloaded or reached by back/forward, not opened anew. */
function documentCameFromHistory(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' || entry?.type === 'back_forward';
}

/**
 * Scrolls back to `top`, again at each frame for up to a second while the screen is still too
 * short to reach it (its code and data arriving); a person scrolling meanwhile stops it.
 */
function restore(top: number): () => void {
  const until = performance.now() + 1_000;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const event of PERSON_SCROLL_EVENTS) window.removeEventListener(event, stop);
  };
  const attempt = () => {
    window.scrollTo({ top, behavior: 'instant' });
    if (Math.abs(window.scrollY - top) > 1 && performance.now() < until)
      frame = requestAnimationFrame(attempt);
    else stop();
  };
  for (const event of PERSON_SCROLL_EVENTS) window.addEventListener(event, stop, { passive: true });
  attempt();
  return stop;
}

/**
 * What react-router's ScrollRestoration did for its data router, for the declarative one
 * (docs/PERFORMANCE.md, "Initial JavaScript of /"): a new screen opens at its top, or at the
 * element its hash names when that is already there; back and forward (and a reload) return to
 * where the person was, at once, as a browser does between documents (the page's smooth scrolling
 * is for its anchors). A navigation that changes only the hash leaves the scroll to the screen
 * (section-nav scrolls to the section itself).
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number>>(savedPositions());
  const current = useRef(entryKey(location));
  const previousPath = useRef<string | null>(null);
  /** Whether the page has scrolled since the document opened (the person, an anchor, a restore). */
  const scrolled = useRef(false);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // Noted as the person scrolls: by the time a navigation is seen, the new screen may already
    // have shortened the page and moved the scroll.
    let frame = 0;
    const note = () => {
      scrolled.current = true;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => (positions.current[current.current] = window.scrollY));
    };
    const persist = () => {
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage unavailable (private modes): the positions live only for this page view.
      }
    };
    window.addEventListener('scroll', note, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', note);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  const key = entryKey(location);
  useLayoutEffect(() => {
    current.current = key;
    const first = previousPath.current === null;
    const samePath = previousPath.current === location.pathname + location.search;
    previousPath.current = location.pathname + location.search;
    const saved = positions.current[current.current];
    // The first screen is a POP too: only a reload or back/forward returns to a saved position.
    const returning = first ? documentCameFromHistory() : navigationType === NavigationType.Pop;
    if (returning && saved !== undefined) return restore(saved);
    if (location.hash) {
      const element = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (element) {
        element.scrollIntoView();
        return;
      }
      if (samePath) return;
    }
    // A page that has not scrolled since its document opened is at its top: scrolling there would
    // only force a layout in the screen's first commit. So for the document's first screen (38 ms
    // of `/`'s main thread at CPU x4) and for a redirect before any scroll (signed in, `/` →
    // `/wallet`: 55–76 ms), docs/PERFORMANCE.md.
    if (!returning && !scrolled.current) return;
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [key, location.pathname, location.search, location.hash, navigationType]);

  return null;
}
