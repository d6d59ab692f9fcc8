/**
 * The server's and the games' layering (docs/architecture.md, "The server's layers"), enforced by
 * the lint as eslint.layers.js does for the app:
 *
 *   composition (server/*.ts: app.ts, server.ts, main.ts, seed.ts, app-server.ts)
 *     ->  features  ->  core  ->  http  ->  platform, db, jobs, providers
 *                                              ->  src/contract, games/engines
 *
 * - core (ledger, users, sessions, throttles, audit, named properties, clock, play gate) imports
 *   no feature: features act on what core announces through hooks (core/deps.ts ServerHooks);
 * - a feature imports another only through that feature's published entry, its `public.ts`;
 *   features/layers.test.ts also checks that no two features depend on each other, even
 *   through others;
 * - http (request plumbing) imports neither core nor features, and base imports none of them;
 * - no production file imports server/test-support (test harnesses, test-only routes, the test
 *   server entry) or tests/;
 * - a house game's page imports no other game and nothing of the server; the engines import
 *   nothing but the contract;
 * - route modules hold no SQL: a route validates its input, calls its feature's functions and
 *   answers, and every statement lives in the feature's store module(s) (`*-store.ts`,
 *   `*-repo.ts`, or the feature's rules module). A `.query(...)`, `.unsafe(...)` or `db.exec(...)`
 *   call fails the lint in `routes.ts`, `*-routes.ts`, `*-route.ts` and in any other file of
 *   server/features or server/core that builds a Hono app (`new Hono`); `c.req.query(...)` reads
 *   the request's query string and is allowed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import boundaries from 'eslint-plugin-boundaries';

const folders = (...parts) =>
  readdirSync(join(import.meta.dirname, ...parts), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const features = folders('server', 'features');
const featureType = (feature) => `server-feature:${feature}`;
const games = folders('games').filter((name) => name !== 'engines' && name !== 'shared');
const gameType = (game) => `game:${game}`;

const elements = [
  { type: 'server-test-support', pattern: 'server/test-support' },
  ...features.map((feature) => ({ type: featureType(feature), pattern: `server/features/${feature}` })),
  { type: 'server-core', pattern: 'server/core' },
  { type: 'server-http', pattern: 'server/http' },
  { type: 'server-base', pattern: 'server/db' },
  { type: 'server-base', pattern: 'server/jobs' },
  { type: 'server-base', pattern: 'server/providers' },
  { type: 'server-base', pattern: 'server/platform' },
  { type: 'game-engines', pattern: 'games/engines' },
  { type: 'game-shared', pattern: 'games/shared' },
  ...games.map((game) => ({ type: gameType(game), pattern: `games/${game}` })),
  { type: 'tests', pattern: 'tests' },
  { type: 'contract', pattern: 'src/contract' },
];

const type = (t) => ({ element: { type: t } });
const anyOf = (types) => ({ element: { types: { anyOf: types } } });
const FEATURES = features.map(featureType);
const GAMES = games.map(gameType);
const SERVER = ['server-test-support', 'server-core', 'server-http', 'server-base', ...FEATURES];

const policies = [
  {
    from: type('server-base'),
    disallow: {
      to: anyOf(['server-http', 'server-core', 'server-test-support', ...FEATURES]),
    },
    message:
      'Configuration, database, jobs and providers sit at the bottom: they import no request plumbing, core or feature (take what you need as a parameter).',
  },
  {
    from: type('server-http'),
    disallow: { to: anyOf(['server-core', 'server-test-support', ...FEATURES]) },
    message:
      'server/http is request plumbing: it imports neither core nor features (an upper layer passes what it needs, e.g. an ErrorTranslator).',
  },
  {
    from: type('server-core'),
    disallow: { to: anyOf(['server-test-support', ...FEATURES]) },
    message:
      'Core imports no feature: announce the moment through a hook (core/deps.ts ServerHooks) that app.ts gives the features.',
  },
  ...features.map((feature) => ({
    from: type(featureType(feature)),
    disallow: {
      to: [
        ...FEATURES.filter((f) => f !== featureType(feature)).map((other) => ({
          element: { type: other, fileInternalPath: '!public.ts' },
        })),
        ...anyOf(['server-test-support', 'tests']).element.types.anyOf.map((t) => ({
          element: { type: t },
        })),
      ],
    },
    message:
      'A feature imports another only through its published entry (features/<name>/public.ts), and never test support.',
  })),
  {
    from: type('game-engines'),
    disallow: { to: anyOf([...SERVER, 'game-shared', ...GAMES, 'tests']) },
    message: 'The game engines are pure: the server and the game pages share them, so they import neither.',
  },
  {
    from: type('game-shared'),
    disallow: { to: anyOf([...SERVER, ...GAMES, 'tests']) },
    message: 'games/shared serves every game page: it imports no game and nothing of the server.',
  },
  ...games.map((game) => ({
    from: type(gameType(game)),
    disallow: { to: anyOf([...SERVER, ...GAMES.filter((g) => g !== gameType(game)), 'tests']) },
    message:
      'A game page imports no other game and nothing of the server: share through games/shared or games/engines.',
  })),
];

/**
 * SQL stays out of route modules, in features and core. Files named as routes are held to it
 * whole; any other file there is held to it once it builds a Hono app (the `Program:has(...)`
 * selector), so a route added to a store or rules module is caught too. Two config objects with
 * disjoint files, because a later object's `no-restricted-syntax` replaces an earlier one's for
 * the same file.
 */
function noSqlInRoutes() {
  const ROUTE_FILES = ['server/{features,core}/**/routes.ts', 'server/{features,core}/**/*-route{,s}.ts'];
  const message =
    "No SQL in a route module: put the statement in the feature's store module (e.g. <area>-store.ts) and call it from the route.";
  const SQL_CALLS = [
    "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(query|unsafe)$/]:not([callee.object.property.name='req']):not([callee.object.name='req'])",
    "CallExpression[callee.type='MemberExpression'][callee.property.name='exec'][callee.object.name=/^(db|tx)$/]",
    "CallExpression[callee.type='MemberExpression'][callee.property.name='exec'][callee.object.property.name='db']",
  ];
  const rule = (selectors) => ['error', ...selectors.map((selector) => ({ selector, message }))];
  return [
    {
      files: ROUTE_FILES,
      ignores: ['**/*.test.ts'],
      rules: { 'no-restricted-syntax': rule(SQL_CALLS) },
    },
    {
      files: ['server/{features,core}/**/*.ts'],
      ignores: ['**/*.test.ts', ...ROUTE_FILES],
      rules: {
        'no-restricted-syntax': rule(
          SQL_CALLS.map((call) => `Program:has(NewExpression[callee.name='Hono']) ${call}`),
        ),
      },
    },
  ];
}

export const serverLayers = [
  {
    files: ['server/**/*.ts', 'games/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies }] },
  },
  {
    // Below the composition every import is of a known layer: an import of app.ts, server.ts or
    // seed.ts (no element of their own) from a feature or core is an error.
    files: ['server/*/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/test-support/**'],
    rules: { 'boundaries/no-unknown-dependencies': 'error' },
  },
  {
    // The composition files (server/*.ts) are no element of their own: they may import every
    // layer, but not test support.
    files: ['server/*.ts'],
    ignores: ['server/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/test-support/**', '**/tests/**'],
              message:
                'Production entries import no test support: the test server entry (test-support/test-server.ts) adds the test routes.',
            },
          ],
        },
      ],
    },
  },
  ...noSqlInRoutes(),
];
