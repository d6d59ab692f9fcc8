/**
 * The lobby's promotions carousel (WAI-ARIA carousel pattern): a region with
 * aria-roledescription "carousel", one slide shown at a time (a group labelled "1 of 3"),
 * previous / next buttons, and a pause button while it turns by itself. It turns every
 * SLIDE_INTERVAL_MS, never with reduced motion, and holds still while the pointer is over it or
 * focus is inside it; the slide text is announced politely only when it does not turn by itself.
 * Loaded after the lobby's first paint (promo-carousel-slot.tsx).
 */
import { css, cx } from '@linaria/core';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { is } from 'superstruct';
import {
  PROMO_TEXTS,
  promoLocationProblem,
  PromoSlideSchema,
  type PromoSlide,
} from '../../contract/promotions.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { usePrefersReducedMotion } from '../../ui/use-prefers-reduced-motion.ts';
import { visuallyHiddenRules } from '../../ui/visually-hidden.ts';
import { carouselControls, carouselFrame, carouselViewport } from './promo-carousel-styles.ts';

export const SLIDE_INTERVAL_MS = 6000;

const hiddenHeading = css`
  ${visuallyHiddenRules}
`;
const slideClass = css`
  position: absolute;
  inset: 0;
  & img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
const caption = css`
  position: absolute;
  left: 0;
  right: 0;
  bottom: 0;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: var(--space-1);
  padding: var(--space-3);
  /* A dark panel under the text keeps it readable over any image. */
  background: linear-gradient(to top, rgba(10, 8, 28, 0.94) 55%, rgba(10, 8, 28, 0.55) 85%, transparent);
  color: #fff;
  & h3 {
    margin: 0;
    font-size: 1.05rem;
    line-height: 1.25;
  }
  & p {
    margin: 0;
    font-size: 0.85rem;
    line-height: 1.3;
    display: -webkit-box;
    -webkit-line-clamp: 1;
    -webkit-box-orient: vertical;
    overflow: hidden;
    @media (min-width: 520px) {
      -webkit-line-clamp: 2;
    }
  }
`;
const controlButton = css`
  min-width: 44px;
  min-height: 44px;
  padding: 0 var(--space-3);
  border-radius: 999px;
  border: 1px solid var(--color-border);
  background: var(--color-surface);
  color: var(--color-text);
  font-weight: 600;
  cursor: pointer;
  &:hover {
    border-color: var(--color-gold);
  }
`;
const counter = css`
  font-variant-numeric: tabular-nums;
  color: var(--color-text-muted);
  font-weight: 600;
`;
const group = css`
  display: flex;
  gap: var(--space-2);
`;

/** The slides that can be shown: well formed, with an in-app destination. */
export function showableSlides(slides: readonly unknown[]): PromoSlide[] {
  return slides.filter(
    (s): s is PromoSlide => is(s, PromoSlideSchema) && promoLocationProblem(s.button_location) === null,
  );
}

export default function PromoCarousel({ slides: raw }: { slides: readonly unknown[] }) {
  const slides = useMemo(() => showableSlides(raw), [raw]);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const headingId = useId();
  const slidesId = useId();
  const count = slides.length;
  const current = count === 0 ? 0 : Math.min(index, count - 1);
  // Turns by itself: more than one slide, motion allowed, not paused by the player.
  const rotates = count > 1 && !reducedMotion && !paused;
  const turning = rotates && !hovered && !focused;

  useEffect(() => {
    if (!turning) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [turning, count]);

  if (count === 0) return null;
  const go = (step: number) => setIndex((current + step + count) % count);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(1);
    else if (e.key === 'ArrowLeft') go(-1);
    else return;
    e.preventDefault();
  };

  return (
    <section
      className={carouselFrame}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      data-testid="promo-carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <h2 id={headingId} className={hiddenHeading}>
        {PROMO_TEXTS.carouselLabel}
      </h2>
      <div id={slidesId} className={carouselViewport} aria-live={rotates ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            className={slideClass}
            role="group"
            aria-roledescription="slide"
            aria-label={PROMO_TEXTS.slideLabel(i + 1, count)}
            hidden={i !== current}
            data-testid="promo-slide"
          >
            {slide.cdn_image ? (
              <img
                src={slide.cdn_image}
                alt={slide.image_alt}
                width={slide.image_width ?? undefined}
                height={slide.image_height ?? undefined}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
              />
            ) : null}
            <div className={caption}>
              <h3>{slide.headline}</h3>
              {slide.body ? <p>{slide.body}</p> : null}
              <ButtonLink to={slide.button_location} variant="primary">
                {slide.button_text}
              </ButtonLink>
            </div>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className={carouselControls} onKeyDown={onKeyDown}>
          <div className={group}>
            <button
              type="button"
              className={controlButton}
              aria-controls={slidesId}
              aria-label={PROMO_TEXTS.previous}
              onClick={() => go(-1)}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className={controlButton}
              aria-controls={slidesId}
              aria-label={PROMO_TEXTS.next}
              onClick={() => go(1)}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
          <span className={counter} aria-hidden="true" data-testid="promo-carousel-counter">
            {current + 1} / {count}
          </span>
          {reducedMotion ? (
            <span />
          ) : (
            <button
              type="button"
              className={cx(controlButton)}
              onClick={() => setPaused((p) => !p)}
              aria-label={paused ? PROMO_TEXTS.play : PROMO_TEXTS.pause}
            >
              {paused ? 'Play' : 'Pause'}
            </button>
          )}
        </div>
      ) : (
        <div className={carouselControls} />
      )}
    </section>
  );
}
