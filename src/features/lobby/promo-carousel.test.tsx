import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import PromoCarousel, { SLIDE_INTERVAL_MS } from './promo-carousel.tsx';

const slide = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: String(n),
  name: `Slide ${n}`,
  headline: `Headline ${n}`,
  body: `Body ${n}`,
  cdn_image: '/promotions/daily-bonus.svg',
  image_alt: `Image ${n}`,
  image_width: 640,
  image_height: 320,
  button_text: `Go ${n}`,
  button_location: '/buy-coins',
  ...overrides,
});
const SLIDES = [slide(1), slide(2), slide(3)];

function reducedMotion(on: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: on && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

function show(slides: unknown[] = SLIDES) {
  render(
    <MemoryRouter>
      <PromoCarousel slides={slides} />
    </MemoryRouter>,
  );
  return screen.getByRole('region', { name: 'Promotions' });
}

const visibleSlide = () => screen.getByRole('group', { hidden: false });

beforeEach(() => {
  vi.useFakeTimers();
  reducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PromoCarousel', () => {
  it('is a region with the carousel role description; one slide shows at a time, labelled "1 of 3"', () => {
    const region = show();
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    const groups = within(region).getAllByRole('group', { hidden: true });
    expect(groups.map((g) => g.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(groups.every((g) => g.getAttribute('aria-roledescription') === 'slide')).toBe(true);
    expect(visibleSlide().getAttribute('aria-label')).toBe('1 of 3');
    expect(within(visibleSlide()).getByRole('heading', { name: 'Headline 1' })).toBeTruthy();
    expect(within(visibleSlide()).getByRole('img', { name: 'Image 1' }).getAttribute('width')).toBe('640');
    expect(within(visibleSlide()).getByRole('link', { name: 'Go 1' }).getAttribute('href')).toBe(
      '/buy-coins',
    );
  });

  it('next and previous move one slide and wrap around; the arrow keys do the same', () => {
    show();
    const next = screen.getByRole('button', { name: 'Next slide' });
    const previous = screen.getByRole('button', { name: 'Previous slide' });
    fireEvent.click(next);
    expect(visibleSlide().getAttribute('aria-label')).toBe('2 of 3');
    fireEvent.click(previous);
    fireEvent.click(previous);
    expect(visibleSlide().getAttribute('aria-label')).toBe('3 of 3');
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(visibleSlide().getAttribute('aria-label')).toBe('1 of 3');
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(visibleSlide().getAttribute('aria-label')).toBe('3 of 3');
    expect(next.getAttribute('aria-controls')).toBeTruthy();
  });

  it('turns by itself every interval (the slides are not announced meanwhile), and the pause button stops it', () => {
    const region = show();
    const viewport = region.querySelector('[aria-live]')!;
    expect(viewport.getAttribute('aria-live')).toBe('off');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(visibleSlide().getAttribute('aria-label')).toBe('2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Pause slides' }));
    expect(viewport.getAttribute('aria-live')).toBe('polite');
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3));
    expect(visibleSlide().getAttribute('aria-label')).toBe('2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Play slides' }));
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(visibleSlide().getAttribute('aria-label')).toBe('3 of 3');
  });

  it('holds still while the pointer is over it or focus is inside it', () => {
    const region = show();
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2));
    expect(visibleSlide().getAttribute('aria-label')).toBe('1 of 3');
    fireEvent.mouseLeave(region);
    fireEvent.focus(screen.getByRole('button', { name: 'Next slide' }));
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 2));
    expect(visibleSlide().getAttribute('aria-label')).toBe('1 of 3');
    fireEvent.blur(screen.getByRole('button', { name: 'Next slide' }), { relatedTarget: document.body });
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS));
    expect(visibleSlide().getAttribute('aria-label')).toBe('2 of 3');
  });

  it('never turns by itself with reduced motion (no pause button then), the buttons still move it', () => {
    reducedMotion(true);
    show();
    act(() => vi.advanceTimersByTime(SLIDE_INTERVAL_MS * 3));
    expect(visibleSlide().getAttribute('aria-label')).toBe('1 of 3');
    expect(screen.queryByRole('button', { name: 'Pause slides' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(visibleSlide().getAttribute('aria-label')).toBe('2 of 3');
  });

  it('leaves out malformed slides and destinations outside the app; one slide has no controls', () => {
    show([slide(1), { id: 2 }, slide(3, { button_location: 'https://evil.example/' })]);
    expect(screen.getAllByRole('group', { hidden: true }).map((g) => g.getAttribute('aria-label'))).toEqual([
      '1 of 1',
    ]);
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
  });

  it('shows nothing without a showable slide', () => {
    render(
      <MemoryRouter>
        <PromoCarousel slides={[{ nope: true }]} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('region')).toBeNull();
  });
});
