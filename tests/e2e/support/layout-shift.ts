/**
 * Layout shift as CLS counts it, measured in the page: a PerformanceObserver on `layout-shift`,
 * buffered from navigation start, shifts after input left out. Shared by layout-stability.spec.ts
 * and prerendered-pages.spec.ts, which test at Lighthouse's mobile screen.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';

/** Lighthouse's default mobile screen (Moto G Power). */
export const LIGHTHOUSE_MOBILE_VIEWPORT = { width: 412, height: 823 };
/** The most a page may shift while it loads (Lighthouse's "good" CLS is 0.1; ours is far under). */
export const MAX_SHIFT = 0.01;
/** The machine running the tests may be busy: the pages get time to load. */
export const LOADED = { timeout: 30_000 };

declare global {
  interface Window {
    __layoutShift?: { total: number; sources: string[] };
  }
}

interface LayoutShiftEntry extends PerformanceEntry {
  value: number;
  hadRecentInput: boolean;
  sources?: { node?: Node | null }[];
}

/** Starts summing the page's layout shifts from its navigation (call before `goto`). */
export async function observeLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = { total: 0, sources: [] as string[] };
    window.__layoutShift = record;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        record.total += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node;
          const name =
            node instanceof Element
              ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${(node.getAttribute('class') ?? '').split(/\s+/).join('.')}`
              : String(node?.nodeName);
          record.sources.push(`${name} (${entry.value.toFixed(4)})`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shift so far, once the network is idle and late renders have been laid out and reported. */
export async function settledShift(page: Page): Promise<{ total: number; sources: string[] }> {
  await page.waitForLoadState('networkidle');
  // Two frames after the last answer: late renders have been laid out and reported.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForTimeout(300);
  return page.evaluate(() => window.__layoutShift ?? { total: -1, sources: [] });
}

/** The Vite manifest of the build under test: chunks are named by their hash alone. */
function buildManifest(): Record<string, { file: string }> {
  const dist = resolve(import.meta.dirname, '..', '..', '..', process.env.DIST_DIR ?? 'dist');
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
}

/** The URL paths of the pages' lazy chunks (src/features/.../*-page.tsx) in the build under test. */
export function pageChunks(): Set<string> {
  const pages = new Set(
    Object.entries(buildManifest())
      .filter(([source]) => /^src\/features\/.*-page\.tsx$/.test(source))
      .map(([, chunk]) => `/${chunk.file}`),
  );
  if (pages.size === 0) throw new Error('no page chunks (src/features/.../*-page.tsx) in the build manifest');
  return pages;
}

/** The full app's chunk (src/app/start.tsx) in the build under test, from its Vite manifest. */
export function fullAppChunk(): string {
  const chunk = buildManifest()['src/app/start.tsx'];
  if (!chunk) throw new Error('src/app/start.tsx is not in the build manifest');
  return `/${chunk.file}`;
}

/** The light entry's script (src/main.tsx, the entry of index.html) in the build under test. */
export function lightEntryChunk(): string {
  const chunk = buildManifest()['index.html'];
  if (!chunk) throw new Error('index.html is not in the build manifest');
  return `/${chunk.file}`;
}
