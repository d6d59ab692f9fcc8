import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { LoadingOverlay } from './loading-overlay.tsx';

const shownText = () => screen.queryByTestId('loading-overlay')?.textContent ?? null;
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('LoadingOverlay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the text only after the debounce', () => {
    render(<LoadingOverlay text="Loading..." debounceMs={50} />);
    expect(shownText()).toBeNull();
    advance(49);
    expect(shownText()).toBeNull();
    advance(1);
    expect(shownText()).toBe('Loading...');
  });

  it('never appears for an operation shorter than the debounce', () => {
    const { rerender } = render(<LoadingOverlay text="Loading..." debounceMs={50} />);
    advance(30);
    rerender(<LoadingOverlay text={null} debounceMs={50} />);
    advance(100);
    expect(shownText()).toBeNull();
  });

  it('hides at once and waits out the debounce again when shown a second time', () => {
    const { rerender } = render(<LoadingOverlay text="Saving..." debounceMs={50} />);
    advance(50);
    expect(shownText()).toBe('Saving...');
    rerender(<LoadingOverlay text={null} debounceMs={50} />);
    expect(shownText()).toBeNull();
    rerender(<LoadingOverlay text="Saving..." debounceMs={50} />);
    expect(shownText()).toBeNull();
    advance(50);
    expect(shownText()).toBe('Saving...');
  });

  it('keeps the shown text until a new one has waited out the debounce', () => {
    const { rerender } = render(<LoadingOverlay text="Loading..." debounceMs={50} />);
    advance(50);
    rerender(<LoadingOverlay text="Adding credit card..." debounceMs={50} />);
    expect(shownText()).toBe('Loading...');
    advance(50);
    expect(shownText()).toBe('Adding credit card...');
  });
});
