import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ScrollGatedAcceptance, type GatedDocument } from './scroll-gated-acceptance.tsx';

const TERMS: GatedDocument = {
  type: 'terms_conditions',
  title: 'Terms and Conditions',
  body: '## 1. Who may play\n\nAdults only.\n\n- one account\n- two per household',
};
const INSTRUCTION =
  'Please read the full Terms & Conditions by scrolling to the end and accept by clicking the checkbox.';

/** A controllable IntersectionObserver: `reveal()` reports the observed sentinel as visible. */
function fakeIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; targets: Element[]; root: unknown }[] = [];
  class FakeObserver {
    private readonly entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, targets: [], root: options?.root };
      observers.push(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.push(target);
    }
    disconnect() {
      this.entry.targets = [];
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    reveal(visible = true) {
      for (const o of observers)
        act(() =>
          o.callback(
            o.targets.map((target) => ({ target, isIntersecting: visible }) as IntersectionObserverEntry),
            o as unknown as IntersectionObserver,
          ),
        );
    },
  };
}

function Harness({ documents, onButton }: { documents: GatedDocument[]; onButton?: () => void }) {
  const [checked, setChecked] = useState(false);
  return (
    <>
      <ScrollGatedAcceptance
        documents={documents}
        checked={checked}
        onCheckedChange={setChecked}
        label="I am at least 18 and I agree to the Terms and Conditions"
        instruction={INSTRUCTION}
        reachedEndText="You have reached the end of the documents."
        instructionId="accept-hint"
      />
      <button type="button" disabled={!checked} aria-describedby="accept-hint" onClick={onButton}>
        Accept
      </button>
    </>
  );
}

const checkbox = () => screen.getByRole('checkbox') as HTMLInputElement;
const button = () => screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement;

describe('ScrollGatedAcceptance', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps the checkbox disabled until the end sentinel is seen, then the button until it is ticked', () => {
    const io = fakeIntersectionObserver();
    render(<Harness documents={[TERMS]} />);
    expect(checkbox().disabled).toBe(true);
    expect(button().disabled).toBe(true);
    // Not yet visible: still disabled.
    io.reveal(false);
    expect(checkbox().disabled).toBe(true);
    // The observer watches the sentinel inside the scroll region.
    expect(io.observers[0]!.root).toBe(screen.getByTestId('legal-scroll-region'));
    expect(io.observers[0]!.targets).toEqual([screen.getByTestId('legal-scroll-end')]);
    io.reveal();
    expect(checkbox().disabled).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('You have reached the end of the documents.');
    expect(button().disabled).toBe(true);
    fireEvent.click(checkbox());
    expect(checkbox().checked).toBe(true);
    expect(button().disabled).toBe(false);
    // Scrolling back up does not take the permission away.
    io.reveal(false);
    expect(checkbox().disabled).toBe(false);
  });

  it('explains why the checkbox is disabled and lets the keyboard reach the scroll region', () => {
    fakeIntersectionObserver();
    render(<Harness documents={[TERMS]} />);
    const hintId = checkbox().getAttribute('aria-describedby')!;
    expect(document.getElementById(hintId)?.textContent).toBe(INSTRUCTION);
    const region = screen.getByRole('region', { name: 'Terms and Conditions (scroll to the end)' });
    expect(region.tabIndex).toBe(0);
    expect(region.textContent).toContain('Adults only.');
    expect(screen.getByRole('heading', { name: '1. Who may play' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'one account',
      'two per household',
    ]);
    // The end is real text screen readers read on their way down.
    expect(screen.getByTestId('legal-scroll-end').textContent).toBe('End of the Terms and Conditions.');
  });

  it('enables the checkbox at once when no document must be scrolled through', () => {
    fakeIntersectionObserver();
    render(<Harness documents={[]} />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(checkbox().disabled).toBe(false);
  });

  it('without IntersectionObserver, judges the scroll position', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const sizes = { scrollHeight: 1000, clientHeight: 200, scrollTop: 0 };
    const spies = (['scrollHeight', 'clientHeight'] as const).map((prop) =>
      vi.spyOn(HTMLElement.prototype, prop, 'get').mockImplementation(() => sizes[prop]),
    );
    try {
      render(<Harness documents={[TERMS]} />);
      const region = screen.getByTestId('legal-scroll-region');
      expect(checkbox().disabled).toBe(true);
      region.scrollTop = 500;
      fireEvent.scroll(region);
      expect(checkbox().disabled).toBe(true);
      region.scrollTop = 800;
      fireEvent.scroll(region);
      expect(checkbox().disabled).toBe(false);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('asks again (and unticks) when a newer text replaces the one read', () => {
    const io = fakeIntersectionObserver();
    const { rerender } = render(<Harness documents={[TERMS]} />);
    io.reveal();
    fireEvent.click(checkbox());
    expect(checkbox().checked).toBe(true);
    rerender(<Harness documents={[{ ...TERMS, body: `${TERMS.body}\n\nRevision 2.` }]} />);
    expect(checkbox().disabled).toBe(true);
    expect(checkbox().checked).toBe(false);
  });
});
