import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import wyw from '@wyw-in-js/vite';
import { VitePWA } from 'vite-plugin-pwa';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
// APP_VERSION lets a test build a "newer" release without editing package.json.
const appVersion = process.env.APP_VERSION ?? pkg.version;

/**
 * Puts the entry's stylesheet (the global styles and the light home page, a few KB) into
 * index.html as a <style> element, so the first paint waits for no stylesheet request. The CSP
 * allows inline styles ('unsafe-inline' in style-src); lazy pages still load their own CSS files.
 * The file is taken off the entry chunk's CSS list as well: lazy chunks that import the entry
 * (for React) would otherwise fetch and apply it a second time when they load.
 */
function inlineEntryStylesheet(): Plugin {
  const inlined = new Set<string>();
  return {
    name: 'inline-entry-stylesheet',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      inlined.clear();
    },
    renderChunk(_code, chunk) {
      const css = chunk.isEntry ? chunk.viteMetadata?.importedCss : undefined;
      if (!css) return null;
      for (const file of css) inlined.add(file);
      css.clear();
      return null;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || inlined.size === 0) return html;
        const styles = [...inlined].map((fileName) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset')
            throw new Error(`inline-entry-stylesheet: ${fileName} is not in the bundle`);
          const css = typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString();
          return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
        });
        return html.replace('</head>', `    ${styles.join('')}\n  </head>`);
      },
    },
  };
}

/**
 * Each house game's page, games/<id>/index.html, is an entry of its own: its code is emitted in
 * chunks of its own, never in the app's bundles, and the page is served at /games/<id>/.
 */
const gameEntries = Object.fromEntries(
  readdirSync(new URL('./games', import.meta.url), { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && existsSync(new URL(`./games/${entry.name}/index.html`, import.meta.url)),
    )
    .map((entry) => [
      `game-${entry.name}`,
      new URL(`./games/${entry.name}/index.html`, import.meta.url).pathname,
    ]),
);

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  plugins: [
    react(),
    inlineEntryStylesheet(),
    wyw({
      include: ['src/**/*.{ts,tsx}', 'games/**/*.{ts,tsx}'],
    }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        globIgnores: ['screenshots/**', 'icons/shortcut-*'],
        maximumFileSizeToCacheInBytes: 512 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: read by the size-budget test (tests/build) to find each route's chunks.
    manifest: true,
    rollupOptions: {
      input: { main: new URL('./index.html', import.meta.url).pathname, ...gameEntries },
    },
  },
  server: {
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 8080}` },
  },
});
