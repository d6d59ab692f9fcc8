/**
 * Inactivity watch: calls onTimeout after `timeoutMs` without pointer, keyboard, scroll or
 * touch activity. The time is checked against the clock when the timer fires and when the tab
 * becomes visible again, so a sleeping device or a throttled background tab still signs out.
 */
export interface InactivityWatchOptions {
  timeoutMs: number;
  onTimeout: () => void;
  now?: () => number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

export const ACTIVITY_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'wheel',
  'touchstart',
  'scroll',
] as const;

export function startInactivityWatch({
  timeoutMs,
  onTimeout,
  now = Date.now,
  target = window,
  doc = document,
}: InactivityWatchOptions): () => void {
  let last = now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let done = false;

  const fire = () => {
    if (done) return;
    done = true;
    stop();
    onTimeout();
  };
  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(check, Math.max(0, last + timeoutMs - now()));
  };
  function check() {
    if (now() - last >= timeoutMs) fire();
    else arm();
  }
  // Cheap on every event: only the timestamp moves; the timer re-arms itself when it fires.
  const activity = () => {
    last = now();
  };
  const visibility = () => {
    if (doc.visibilityState !== 'visible') return;
    // Back on the tab: if the limit passed while away, sign out; otherwise it counts as activity.
    if (now() - last >= timeoutMs) fire();
    else activity();
  };

  for (const e of ACTIVITY_EVENTS) target.addEventListener(e, activity, { passive: true, capture: true });
  doc.addEventListener('visibilitychange', visibility);
  arm();

  function stop() {
    if (timer) clearTimeout(timer);
    timer = null;
    for (const e of ACTIVITY_EVENTS) target.removeEventListener(e, activity, { capture: true });
    doc.removeEventListener('visibilitychange', visibility);
  }
  return stop;
}

/** The named property in seconds -> ms; bad values fall back to 15 minutes. */
export function inactivityTimeoutMs(value: string | undefined, fallbackMs: number): number {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : fallbackMs;
}
