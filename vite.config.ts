import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wyw from '@wyw-in-js/vite';
import { VitePWA } from 'vite-plugin-pwa';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
// APP_VERSION lets a test build a "newer" release without editing package.json.
const appVersion = process.env.APP_VERSION ?? pkg.version;

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  plugins: [
    react(),
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
  },
  server: {
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 8080}` },
  },
});
