#!/usr/bin/env node
// Captures the install-sheet screenshots named in manifest.webmanifest from the running app
// (narrow: the lobby on a phone; wide: the home page on a desktop) with the project's Chromium.
// Usage: start the app (npm start), then: BASE_URL=http://localhost:8080 node scripts/generate-screenshots.mjs
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumExecutable } from './lib/chromium.mjs';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const out = new URL('../public/screenshots/', import.meta.url);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumExecutable(),
  args: ['--headless', ...CHROMIUM_FLAGS],
});
try {
  const wide = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await wide.goto(`${base}/`);
  await wide.getByRole('heading', { level: 1 }).waitFor();
  await wide.screenshot({ path: new URL('home-wide.png', out).pathname });
  console.log('screenshots: home-wide.png');

  const narrow = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  await narrow.goto(`${base}/login`);
  await narrow.getByLabel('Email').fill(process.env.DEMO_EMAIL ?? 'demo@luckycrown.example');
  await narrow.getByLabel('Password').fill(process.env.DEMO_PASSWORD ?? 'DemoPlayer#2026');
  await narrow.getByRole('button', { name: 'Sign in' }).click();
  await narrow.waitForURL('**/lobby');
  await narrow.getByTestId('balance-amount').waitFor();
  await narrow.waitForTimeout(1500); // let the coin count-up settle
  await narrow.screenshot({ path: new URL('lobby-narrow.png', out).pathname });
  console.log('screenshots: lobby-narrow.png');
} finally {
  await browser.close();
}
