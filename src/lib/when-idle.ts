/**
 * Runs work that nothing on screen waits for (loading a chunk for later, starting a poll) in a task
 * of its own once the browser is idle, instead of inside the task that is committing the page.
 *
 * Why: every lazy import appends a `<link rel="modulepreload">` per chunk it needs, and on a
 * phone that costs a few milliseconds each; done in a page's effects it lengthens the commit's
 * task, which blocks input right after the first paint (Lighthouse's total blocking time).
 * `timeoutMs` bounds the wait on a page that never goes idle.
 */
export function whenIdle(work: () => void, timeoutMs = 1_000): () => void {
  if (typeof window === 'undefined') {
    work();
    return () => undefined;
  }
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}
