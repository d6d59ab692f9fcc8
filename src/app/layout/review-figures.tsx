/**
 * The footer review widget's figures (docs/reviews.md): the rating and number of reviews at the
 * review platform, from our API (GET /reviews/summary), linking to the platform's page of our
 * reviews. Loaded by the widget (review-widget.tsx) once the page has loaded and the main thread
 * is idle, so it is no part of any page's first load; it fills the widget's box (same element,
 * same fixed height), so nothing moves when it takes over.
 *
 * - Never in the way of the page: the summary is asked for once the page has loaded and the
 *   main thread is idle (a plain fetch, no API client).
 * - No layout shift: the box has a fixed height from the first (prerendered) render; the figures
 *   replace the placeholder inside it.
 * - Offline: the service worker keeps the last answer (stale-while-revalidate, sw/routes.ts), so
 *   a page opened offline still shows the figures it saw last.
 */
import { useEffect, useState } from 'react';
import { apiUrl } from '../../contract/api-paths.ts';
import { REVIEWS_API_PATHS, reviewSummaryText, type ReviewSummary } from '../../contract/reviews.ts';
import { whenIdleAfterLoad } from './review-widget.tsx';
import { line, muted, stars } from './review-widget-styles.ts';

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

/**
 * The inside of the widget's box (review-widget.tsx keeps the box itself, so the element the page
 * laid out stays in place): `onWaiting` says whether the figures are still awaited (aria-busy).
 */
export function ReviewFigures({ onWaiting }: { onWaiting: (waiting: boolean) => void }) {
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

  const waiting = state.status === 'waiting';
  useEffect(() => onWaiting(waiting), [onWaiting, waiting]);

  const summary = state.status === 'shown' ? state.summary : null;
  const text = summary ? reviewSummaryText(summary) : null;
  return (
    <>
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
    </>
  );
}
