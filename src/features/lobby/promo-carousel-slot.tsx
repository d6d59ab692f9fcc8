/**
 * Where the promotions carousel sits in the lobby. The lobby's first render only reserves its
 * space (when the login answer or the last visit had slides); after first paint the carousel call
 * revalidates the slides and the carousel's own chunk loads, so neither weighs on the lobby's
 * first load nor shifts the page.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { carouselHinted, setCarouselSlides } from '../../state/promo-carousel-actions.ts';
import { store } from '../../state/store.ts';
import { carouselControls, carouselFrame, carouselViewport } from './promo-carousel-styles.ts';
import { useCarouselSlides } from './promo-api.ts';

const PromoCarousel = lazy(() => import('./promo-carousel.tsx'));

/**
 * True right after the first paint (the frame after it), not later: the carousel is at the top of
 * the lobby, so the sooner it shows, the sooner the page's largest paint is settled.
 */
function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setReady(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
    };
  }, []);
  return ready;
}

/** The reserved box: the carousel's size, empty, hidden from assistive technology. */
function Placeholder() {
  return (
    <div className={carouselFrame} aria-hidden="true" data-testid="promo-carousel-placeholder">
      <div className={carouselViewport} />
      <div className={carouselControls} />
    </div>
  );
}

export function PromoCarouselSlot() {
  const { promocarousels } = useSnapshot(store.promotions);
  const [reserved] = useState(() => promocarousels.length > 0 || carouselHinted());
  const ready = useAfterFirstPaint();
  const { slides: answered, failed } = useCarouselSlides(ready);
  useEffect(() => {
    if (answered) setCarouselSlides(answered);
  }, [answered]);
  const slides = answered ?? promocarousels;
  // The space stays reserved until the answer (or, offline, the failed call) says there is nothing.
  if (slides.length === 0) return reserved && !answered && !failed ? <Placeholder /> : null;
  return (
    <Suspense fallback={<Placeholder />}>
      {ready ? <PromoCarousel slides={slides} /> : <Placeholder />}
    </Suspense>
  );
}
