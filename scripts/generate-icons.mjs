#!/usr/bin/env node
// Renders the app icons (PNG) from the SVG sources in assets-src/ with the project's own
// Chromium (playwright-core), so the icons are produced from sources in the repo.
// Usage: node scripts/generate-icons.mjs   (writes into public/icons/)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, chromiumExecutable } from './lib/chromium.mjs';

const root = new URL('../', import.meta.url);
const out = new URL('public/icons/', root);
mkdirSync(out, { recursive: true });

const icons = [
  { src: 'assets-src/logo-mark.svg', name: 'icon-192.png', size: 192 },
  { src: 'assets-src/logo-mark.svg', name: 'icon-512.png', size: 512 },
  { src: 'assets-src/logo-maskable.svg', name: 'icon-maskable-512.png', size: 512 },
  { src: 'assets-src/logo-maskable.svg', name: 'apple-touch-icon-180.png', size: 180 },
  { src: 'assets-src/logo-mark.svg', name: 'shortcut-lobby-96.png', size: 96 },
];

const browser = await chromium.launch({
  executablePath: chromiumExecutable(),
  args: ['--headless', ...CHROMIUM_FLAGS],
});
try {
  for (const icon of icons) {
    const svg = readFileSync(new URL(icon.src, root), 'utf8');
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    writeFileSync(new URL(icon.name, out), await page.screenshot({ omitBackground: true }));
    await page.close();
    console.log(`icons: ${icon.name} (${icon.size}px)`);
  }
} finally {
  await browser.close();
}
