import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import wyw from '@wyw-in-js/vite';

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    projects: [
      {
        plugins: [
          react(),
          // wyw evaluates imported TypeScript modules when a css block interpolates a value.
          wyw({ include: ['src/**/*.{ts,tsx}'], babelOptions: { presets: ['@babel/preset-typescript'] } }),
        ],
        define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'games/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // One PGlite per test file; files run in parallel workers.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The project's own scripts (lockfile check, test-report counting): plain Node.
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
        },
      },
      {
        // Checks of the production build (dist/): run after `vite build` (scripts/run-tests.mjs),
        // so the plain `vitest run` of unit + api names those two projects.
        test: {
          name: 'build',
          environment: 'node',
          include: ['tests/build/**/*.test.ts'],
        },
      },
    ],
  },
});
