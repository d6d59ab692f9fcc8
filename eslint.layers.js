/**
 * The app's layering (docs/architecture.md, "Layers"), enforced by the lint:
 *
 *   app  ->  features  ->  state  ->  lib, ui, pwa  ->  contract
 *
 * - a feature imports neither the app shell nor another feature (features share through
 *   state, lib, ui and contract);
 * - state imports neither features nor the app;
 * - lib, ui and pwa import neither state, features nor the app (the app connects lib to the
 *   store at start: src/state/connect-lib.ts);
 * - contract imports nothing of the app (the server and the worker share it).
 *
 * Every write to the store goes through an action in src/state: outside src/state (tests
 * aside) an assignment, delete, ++/-- or mutating array call on `store.…` is an error, and
 * nowhere is a slice replaced (`store.session = …`), since components and the IndexedDB
 * mirror subscribe to the slice objects (assignSlice changes one in place).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import boundaries from 'eslint-plugin-boundaries';

const features = readdirSync(join(import.meta.dirname, 'src', 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureType = (feature) => `feature:${feature}`;

/** One element per layer, and one per feature so a feature can be told apart from the others. */
const elements = [
  { type: 'app', pattern: 'src/app' },
  ...features.map((feature) => ({ type: featureType(feature), pattern: `src/features/${feature}` })),
  { type: 'state', pattern: 'src/state' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'ui', pattern: 'src/ui' },
  { type: 'pwa', pattern: 'src/pwa' },
  { type: 'contract', pattern: 'src/contract' },
];

const type = (t) => ({ element: { type: t } });
const anyOf = (types) => ({ element: { types: { anyOf: types } } });
const APP_SIDE = ['state', 'app', ...features.map(featureType)];

const policies = [
  ...['lib', 'ui', 'pwa'].map((layer) => ({
    from: type(layer),
    disallow: { to: anyOf(APP_SIDE) },
    message: `src/${layer} sits below the store: it imports no state, feature or app code (take it as a parameter or a configure hook, see src/state/connect-lib.ts).`,
  })),
  {
    from: type('state'),
    disallow: { to: anyOf(['app', ...features.map(featureType)]) },
    message: 'The store and its actions do not depend on pages or the app shell.',
  },
  ...features.map((feature) => ({
    from: type(featureType(feature)),
    disallow: {
      to: anyOf(['app', ...features.filter((f) => f !== feature).map(featureType)]),
    },
    message:
      'A feature imports neither the app shell nor another feature: share through ui, lib, state or contract.',
  })),
  {
    from: type('contract'),
    disallow: { to: anyOf(['app', 'state', 'lib', 'ui', 'pwa', ...features.map(featureType)]) },
    message: 'The contract is shared with the server and the worker: it imports nothing of the app.',
  },
];

/** `store.a = …`, `store.a.b = …`, and the same inside a longer member chain. */
const onStore = (parent) => [
  `${parent}[object.name='store']`,
  `${parent} MemberExpression[object.name='store']`,
];
const MUTATING_METHODS = 'push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin';
const STORE_WRITE = 'Write the store through an action in src/state (one function that names the change).';

export const layers = [
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      // Static imports, re-exports and import(): a lazy chunk is a dependency all the same.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/state/**', 'src/**/*.test.{ts,tsx}', 'src/test-support/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          ...onStore('AssignmentExpression > MemberExpression.left'),
          ...onStore('UpdateExpression > MemberExpression.argument'),
          ...onStore("UnaryExpression[operator='delete'] > MemberExpression.argument"),
          ...onStore(`CallExpression > MemberExpression.callee[property.name=/^(${MUTATING_METHODS})$/]`),
        ].map((selector) => ({ selector, message: STORE_WRITE })),
      ],
    },
  },
  {
    files: ['src/state/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "AssignmentExpression > MemberExpression.left[object.name='store']",
          message:
            'Change a slice in place (assignSlice): components and the mirror subscribe to the slice objects.',
        },
      ],
    },
  },
];
