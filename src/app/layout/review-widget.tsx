/**
 * The footer's review widget (spec: Site footer; docs/reviews.md): the rating and number of
 * reviews at the review platform, from our API (GET /reviews/summary), linking to the platform's
 * page of our reviews.
 *
 * - Never in the way of the page: asked for once the page has loaded and the main thread is idle
 *   (the light home entry included, so it stays small: a plain fetch, no API client).
 * - No layout shift: the widget's box has a fixed height from the first (prerendered) render; the
 *   figures replace the placeholder inside it.
 * - Offline: the service worker keeps the last answer (stale-while-revalidate, sw/routes.ts), so
 *   a page opened offline still shows the figures it saw last.
 */
import { useEffect, useState } from 'react';
import { css } from '@linaria/core';
import { apiUrl } from '../../contract/api-paths.ts';
import { REVIEWS_API_PATHS, reviewSummaryText, type ReviewSummary } from '../../contract/reviews.ts';

const box = css`
  display: flex;
  align-items: center;
  gap: var(--space-3);
  /* Reserved from the first render: the figures never move what is below. */
  height: 64px;
  box-sizing: border-box;
  padding: 0 var(--space-3);
  margin: 0 0 var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-md);
  overflow: hidden;
  & a {
    color: var(--color-text);
    text-decoration: none;
    display: flex;
    flex-direction: column;
    justify-content: center;
    min-height: 44px;
  }
  & a:hover,
  & a:focus-visible {
    color: var(--color-gold);
    text-decoration: underline;
  }
`;
const stars = css`
  position: relative;
  display: inline-block;
  flex: none;
  font-size: 1.1rem;
  line-height: 1;
  letter-spacing: 1px;
  color: var(--color-border);
  & span {
    position: absolute;
    inset: 0 auto 0 0;
    overflow: hidden;
    white-space: nowrap;
    color: var(--color-gold);
  }
`;
/* Up to two lines at 360 px, inside the box's fixed height with the line below it. */
const line = css`
  font-size: 0.85rem;
  line-height: 1.25;
`;
const muted = css`
  color: var(--color-text-muted);
  font-size: 0.8rem;
`;

type State = { status: 'waiting' } | { status: 'shown'; summary: ReviewSummary } | { status: 'unavailable' };

/** The last summary this page saw: a later footer (another page of the app) starts with it. */
let lastSummary: ReviewSummary | null = null;

function isSummary(v: unknown): v is ReviewSummary {
  const s = v as Partial<ReviewSummary> | null;
  return (
    typeof s?.rating === 'number' &&
    s.rating >= 0 &&
    s.rating <= 5 &&
    typeof s.review_count === 'number' &&
    Number.isInteger(s.review_count) &&
    s.review_count >= 0 &&
    typeof s.profile_url === 'string' &&
    /^https?:\/\//.test(s.profile_url)
  );
}

async function loadSummary(signal: AbortSignal): Promise<ReviewSummary | null> {
  try {
    const res = await fetch(apiUrl(REVIEWS_API_PATHS.summary), { credentials: 'omit', signal });
    if (!res.ok) return null;
    const body: unknown = await res.json();
    return isSummary(body) ? body : null;
  } catch {
    return null;
  }
}

/** Runs `task` once the page has loaded and the browser is idle (at most 3 s after load). */
function whenIdleAfterLoad(task: () => void): () => void {
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
  const [state, setState] = useState<State>(() =>
    lastSummary ? { status: 'shown', summary: lastSummary } : { status: 'waiting' },
  );
  useEffect(() => {
    const controller = new AbortController();
    const cancel = whenIdleAfterLoad(() => {
      void loadSummary(controller.signal).then((summary) => {
        if (controller.signal.aborted) return;
        if (summary) lastSummary = summary;
        const shown = summary ?? lastSummary;
        setState(shown ? { status: 'shown', summary: shown } : { status: 'unavailable' });
      });
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, []);

  const summary = state.status === 'shown' ? state.summary : null;
  const text = summary ? reviewSummaryText(summary) : null;
  return (
    <section
      className={box}
      aria-label="Player reviews"
      data-testid="review-widget"
      aria-busy={state.status === 'waiting'}
    >
      <span className={stars} aria-hidden="true">
        ★★★★★
        {/* Client only (no style attribute in the prerendered markup, which the CSP would refuse). */}
        {summary ? <span style={{ width: `${(summary.rating / 5) * 100}%` }}>★★★★★</span> : null}
      </span>
      {summary ? (
        <a
          href={summary.profile_url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="review-widget-link"
        >
          <span className={line} data-testid="review-widget-summary">
            {text}
          </span>
          <span className={muted}>
            Read player reviews<span className="visually-hidden"> (opens in a new tab)</span>
          </span>
        </a>
      ) : (
        <span className={`${line} ${muted}`}>
          {state.status === 'unavailable' ? 'Player reviews are not available right now.' : 'Player reviews'}
        </span>
      )}
    </section>
  );
}
