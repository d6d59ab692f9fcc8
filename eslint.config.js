import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { layers } from './eslint.layers.js';
import { serverLayers } from './eslint.server-layers.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'bench-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'games/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The recommended set includes the React Compiler checks (refs read in render, setState
    // in effects, components created in render, purity, immutability); missing dependencies
    // fail the lint like every other finding.
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Layering (app -> features -> state -> lib/ui/pwa -> contract) and store writes only in src/state.
  ...layers,
  // The server's layers (composition -> features -> core -> http -> base) and the games' (eslint.server-layers.js).
  ...serverLayers,
  {
    files: ['scripts/**/*.mjs', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
