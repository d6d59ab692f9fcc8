/**
 * The informational pages in gold-only mode: each names Sweeps in the full product and none in
 * gold-only mode (the main pages are walked in the browser by tests/e2e/gold-only.spec.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ReactElement } from 'react';
import { ROUTES } from '../contract/routes.ts';
import { resetStore, store } from '../state/store.ts';
import { ReleaseUpdatePage } from '../features/about/release-update-page.tsx';
import { WhatIsPage } from '../features/about/what-is-page.tsx';
import { CorporatePage } from '../features/corporate/corporate-page.tsx';
import { HowItWorksPage } from '../features/corporate/how-it-works-page.tsx';
import { PeoplePage } from '../features/corporate/people-page.tsx';
import { DataDeletionPage } from '../features/data-deletion/data-deletion-page.tsx';
import { LeaderboardPage } from '../features/promotions/leaderboard-page.tsx';
import { SelectCurrencyPage } from '../features/signup/select-currency-page.tsx';

const PAGES: Array<[string, string, ReactElement]> = [
  ['what is', ROUTES.whatIs, <WhatIsPage />],
  ['corporate', ROUTES.corporate, <CorporatePage />],
  ['how it works', ROUTES.corporateHowItWorks, <HowItWorksPage />],
  ['people', ROUTES.corporatePeople, <PeoplePage />],
  ['weekly challenge', '/promotions/playson-weekly-coins-challenge', <LeaderboardPage />],
  ['release Jan 2023', ROUTES.releaseJan2023, <ReleaseUpdatePage />],
  ['data deletion', '/dd/ABC123', <DataDeletionPage />],
  ['select currency', ROUTES.selectCurrency, <SelectCurrencyPage />],
];

function textOf(url: string, page: ReactElement): string {
  const { container } = render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="*" element={page} />
        <Route path="/dd/:code" element={page} />
      </Routes>
    </MemoryRouter>,
  );
  return container.textContent ?? '';
}

describe('informational pages and gold-only mode', () => {
  beforeEach(() => resetStore());
  afterEach(() => cleanup());

  it.each(PAGES)('%s names Sweeps in the full product', (_name, url, page) => {
    expect(textOf(url, page)).toMatch(/sweep/i);
  });

  it.each(PAGES)('%s names no Sweeps in gold-only mode', (_name, url, page) => {
    store.properties.values.gold_only_mode = 'true';
    expect(textOf(url, page)).not.toMatch(/sweep/i);
  });
});
