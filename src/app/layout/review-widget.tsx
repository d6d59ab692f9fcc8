/**
 * The footer's review widget (spec: Site footer; docs/reviews.md): the rating and number of
 * reviews at the review platform, linking to the platform's page of our reviews.
 *
 * The footer renders on every page, the light home entry's included, so only the widget's box
 * is here: it has its fixed height from the first (prerendered) render and says "Player reviews".
 * Its figures (review-figures.tsx: the request, the stars and the link) are the full app's: the
 * app (src/app/start.tsx) provides them, and they load once the page has loaded and the main
 * thread is idle, then fill the box (the same element, its height fixed), so nothing moves. No
 * page's first load carries them.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { box, line, muted, stars } from './review-widget-styles.ts';

type Figures = ComponentType<{ onWaiting: (waiting: boolean) => void }>;

/** Loads the figures (set by the full app); null until it has started. */
let loadFigures: (() => Promise<Figures>) | null = null;
/** The figures once loaded: a later footer shows them at once. */
let loadedFigures: Figures | null = null;
const waitingForLoader = new Set<() => void>();

/** The full app (start.tsx) says how to load the widget's figures. */
export function provideReviewFigures(load: () => Promise<{ ReviewFigures: Figures }>): void {
  loadFigures = () => load().then((m) => (loadedFigures = m.ReviewFigures));
  for (const wake of [...waitingForLoader]) wake();
  waitingForLoader.clear();
}

/** Runs `task` once the page has loaded and the browser is idle (at most 3 s after load). */
export function whenIdleAfterLoad(task: () => void): () => void {
  let cancelled = false;
  let idle: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(() => !cancelled && task(), { timeout: 3_000 });
    else timer = setTimeout(() => !cancelled && task(), 200);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', run);
    if (idle !== null) window.cancelIdleCallback(idle);
    if (timer !== null) clearTimeout(timer);
  };
}

export function ReviewWidget() {
  const [Figures, setFigures] = useState<Figures | null>(() => loadedFigures);
  const [waiting, setWaiting] = useState(true);
  useEffect(() => {
    if (Figures) return;
    let cancelled = false;
    const load = () => {
      if (cancelled || !loadFigures) return;
      // A module that cannot load (offline, not cached) leaves the reserved box as it is.
      void loadFigures().then(
        (loaded) => !cancelled && setFigures(() => loaded),
        () => undefined,
      );
    };
    const cancelIdle = whenIdleAfterLoad(() => {
      if (loadFigures) load();
      else waitingForLoader.add(load);
    });
    return () => {
      cancelled = true;
      cancelIdle();
      waitingForLoader.delete(load);
    };
  }, [Figures]);

  // The box stays the same element throughout: the figures fill it when they arrive.
  return (
    <section className={box} aria-label="Player reviews" data-testid="review-widget" aria-busy={waiting}>
      {Figures ? (
        <Figures onWaiting={setWaiting} />
      ) : (
        <>
          <span className={stars} aria-hidden="true">
            ★★★★★
          </span>
          <span className={`${line} ${muted}`}>Player reviews</span>
        </>
      )}
    </section>
  );
}
