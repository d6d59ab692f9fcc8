import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wyw from '@wyw-in-js/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { startupPreloads } from './scripts/lib/startup-preloads.ts';

const preloads = startupPreloads();

/** Superstruct's schema builders, pure calls (never a name the app uses for a function with effects). */
const SUPERSTRUCT_BUILDERS = [
  'array',
  'boolean',
  'coerce',
  'defaulted',
  'define',
  'enums',
  'integer',
  'intersection',
  'literal',
  'nonempty',
  'nullable',
  'number',
  'object',
  'optional',
  'partial',
  'pattern',
  'record',
  'refine',
  'size',
  'string',
  'trimmed',
  'tuple',
  'type',
  'union',
  'unknown',
];

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
// APP_VERSION lets a test build a "newer" release without editing package.json.
const appVersion = process.env.APP_VERSION ?? pkg.version;

/**
 * Puts each HTML page's own stylesheets (for index.html: the global styles, the light home page
 * and the chunks its entry imports statically, a few KB; for a game page: that game's styles)
 * into that page as <style> elements, so the first paint waits for no stylesheet request. The
 * CSP allows inline styles ('unsafe-inline' in style-src); lazy pages still load their own CSS.
 * The files are taken off their chunks' CSS lists as well (before Vite writes the HTML links and
 * the preload lists of lazy chunks): lazy chunks that import those chunks (for React) would
 * otherwise fetch and apply them a second time when they load.
 * Styles are kept per entry: a page gets only what its own entry loads, never another page's.
 */
function inlineEntryStylesheet(): Plugin {
  /** Entry chunk (facade module id) -> the CSS files of its static import closure, imports first. */
  const inlined = new Map<string, string[]>();
  const entryKey = (chunk: { facadeModuleId: string | null; name: string }): string =>
    chunk.facadeModuleId ?? chunk.name;
  return {
    name: 'inline-entry-stylesheet',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      inlined.clear();
    },
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const emptied = new Set<Set<string>>();
        for (const entry of Object.values(bundle)) {
          if (entry.type !== 'chunk' || !entry.isEntry) continue;
          const files: string[] = [];
          const seen = new Set<string>();
          const visit = (fileName: string): void => {
            const chunk = bundle[fileName];
            if (seen.has(fileName) || chunk?.type !== 'chunk') return;
            seen.add(fileName);
            for (const imported of chunk.imports) visit(imported);
            const css = chunk.viteMetadata?.importedCss;
            if (!css) return;
            for (const file of css) if (!files.includes(file)) files.push(file);
            emptied.add(css);
          };
          visit(entry.fileName);
          if (files.length > 0) inlined.set(entryKey(entry), files);
        }
        for (const css of emptied) css.clear();
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        const files = ctx.chunk ? inlined.get(entryKey(ctx.chunk)) : undefined;
        if (!bundle || !files || files.length === 0) return html;
        const styles = files.map((fileName) => {
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
 * React Router's package exports resolve to its development build in every mode, so a production
 * bundle would carry its development warnings (ENABLE_DEV_WARNINGS on, with their messages):
 * about 0.6 KB gzip in every route's first load. The build uses the package's own production
 * build instead (the same code with those warnings off); the dev server and tests keep the
 * warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const production = (file: string): string =>
    new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url).pathname;
  return {
    name: 'react-router-production-build',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: production('index.mjs') },
          { find: /^react-router\/dom$/, replacement: production('dom-export.mjs') },
        ],
      },
    }),
  };
}

/**
 * The SSR bundle's entry, and the modules whose stylesheets a prerendered page carries (the
 * pages of PRERENDERED_PAGES in src/prerender/render-page.tsx, and the app's layout).
 */
const PRERENDER_ENTRY = 'src/prerender/render-page.tsx';
const PRERENDER_STYLE_MODULES = [
  'src/app/start.tsx',
  'src/features/auth/login-page.tsx',
  'src/features/policies/policy-page.tsx',
];
/** Folder of the build holding the SSR bundle (a dot folder: the server never serves it). */
const PRERENDER_DIR = '.ssr';

/**
 * After the app's build, builds src/prerender/render-page.tsx for Node into <outDir>/.ssr/ (one
 * self-contained file, render-page.js), which the server uses to answer the public landing pages
 * with their markup already in the HTML (server/http/prerendered-pages.ts). Beside it,
 * page-styles.json: for each module of PRERENDER_STYLE_MODULES, the CSS files of the client
 * chunks it loads (its chunk and their static imports) and their text, which the server inlines
 * into that page so its first paint needs no stylesheet request. Same plugins, so linaria's
 * class names match the client build's.
 */
function prerenderBundle(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-bundle',
    apply: (userConfig, env) => env.command === 'build' && !env.isSsrBuild && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const ssrDir = path.join(outDir, PRERENDER_DIR);
      await build({
        configFile: fileURLToPath(import.meta.url),
        mode: config.mode,
        logLevel: 'warn',
        ssr: { noExternal: true },
        build: {
          ssr: PRERENDER_ENTRY,
          outDir: ssrDir,
          emptyOutDir: true,
          copyPublicDir: false,
          manifest: false,
          rollupOptions: {
            output: { entryFileNames: 'render-page.js', inlineDynamicImports: true },
          },
        },
      });
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        { file: string; css?: string[]; imports?: string[] }
      >;
      const stylesOf = (key: string, seen = new Set<string>()): string[] => {
        const chunk = manifest[key];
        if (!chunk || seen.has(key)) return [];
        seen.add(key);
        return [...(chunk.imports ?? []).flatMap((k) => stylesOf(k, seen)), ...(chunk.css ?? [])];
      };
      const styles = Object.fromEntries(
        PRERENDER_STYLE_MODULES.map((key) => {
          const files = [...new Set(stylesOf(key))];
          const css = files.map((file) => readFileSync(path.join(outDir, file), 'utf8')).join('');
          return [key, { files, css }];
        }),
      );
      mkdirSync(ssrDir, { recursive: true });
      writeFileSync(path.join(ssrDir, 'page-styles.json'), JSON.stringify(styles));
    },
  };
}

const GAME_ENTRY_PREFIX = 'game-';

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
      `${GAME_ENTRY_PREFIX}${entry.name}`,
      new URL(`./games/${entry.name}/index.html`, import.meta.url).pathname,
    ]),
);

const gamesDir = new URL('./games/', import.meta.url).pathname;
const gameEntryNames = new Set(Object.keys(gameEntries));

/**
 * Where a game's files go: its entry under games/<id>/, chunks made only of games/ code (the
 * engines, the game UI) under games/chunks/ and its styles under games/assets/, so the service
 * worker's precache (which leaves those folders out) never downloads games the player has not
 * opened; the runtime route caches them once opened.
 */
const gameEntryFileName = (chunk: { name: string }): string =>
  gameEntryNames.has(chunk.name)
    ? `games/${chunk.name.slice(GAME_ENTRY_PREFIX.length)}/[name]-[hash].js`
    : 'assets/[name]-[hash].js';
/**
 * The app's shared and lazy chunks are named by their hash alone: the start-up chunk lists the
 * file of every lazy route (about 150 names for the preload helper), and the readable names cost
 * every route almost 1 KB gzip of first load. Source maps (`vite build --sourcemap`) and the build
 * manifest still say which module is in which chunk.
 */
const gameChunkFileName = (chunk: { moduleIds: readonly string[] }): string =>
  chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.startsWith(gamesDir))
    ? 'games/chunks/[name]-[hash].js'
    : 'assets/[hash].js';
/** A game entry's own CSS is named after the entry (game-<id>.css); files imported from games/ keep their source path. */
const gameAssetFileName = (asset: {
  names?: readonly string[];
  originalFileNames?: readonly string[];
}): string =>
  (asset.names ?? []).some((name) => gameEntryNames.has(name.replace(/\.[^.]+$/, ''))) ||
  (asset.originalFileNames ?? []).some((file) => file.startsWith('games/'))
    ? 'games/assets/[name]-[hash][extname]'
    : // The app's stylesheets are listed beside their chunks in the start-up chunk's preload lists:
      // named by hash alone, like the chunks, they cost every route about 0.5 KB gzip less.
      (asset.names ?? []).some((name) => name.endsWith('.css'))
      ? 'assets/[hash][extname]'
      : 'assets/[name]-[hash][extname]';

/**
 * The files under games/chunks/ that the app itself reaches (its entry's static and dynamic
 * imports, transitively): the engines the fairness verifier replays rounds with. They are
 * precached with the app, so Verify works offline in the installed app (docs/fairness.md); the
 * games' own pages, UI chunks and styles stay out, cached at runtime once a game is opened.
 */
const appGameChunks = new Set<string>();
const collectAppGameChunks = (): Plugin => ({
  name: 'app-game-chunks',
  apply: 'build',
  generateBundle(_options, bundle) {
    const chunks = new Map<string, { imports: readonly string[]; dynamicImports: readonly string[] }>();
    const stack: string[] = [];
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      chunks.set(output.fileName, output);
      if (output.isEntry && !output.fileName.startsWith('games/')) stack.push(output.fileName);
    }
    const seen = new Set<string>();
    for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const chunk = chunks.get(file);
      if (chunk) stack.push(...chunk.imports, ...chunk.dynamicImports);
    }
    for (const file of seen) if (file.startsWith('games/chunks/')) appGameChunks.add(file);
  },
});

export default defineConfig({
  define: {
    __APP_VERSION__: JSON.stringify(appVersion),
  },
  plugins: [
    react(),
    preloads.plugin,
    inlineEntryStylesheet(),
    reactRouterProductionBuild(),
    prerenderBundle(),
    collectAppGameChunks(),
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
        // House games are cached at runtime once opened (sw/routes.ts), never all up front.
        // (The lobby's card art, games/art/, stays precached so the lobby opens offline; so do
        // the engines the app's fairness verifier imports, below.)
        globIgnores: [
          'screenshots/**',
          'icons/shortcut-*',
          'games/assets/**',
          ...Object.keys(gameEntries).map((name) => `games/${name.slice(GAME_ENTRY_PREFIX.length)}/**`),
        ],
        maximumFileSizeToCacheInBytes: 512 * 1024,
        // Of games/chunks/, only what the app itself imports (the verifier's engines).
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter((e) => !e.url.startsWith('games/chunks/') || appGameChunks.has(e.url)),
            warnings: [],
          }),
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: read by the size-budget test (tests/build) to find each route's chunks.
    manifest: true,
    // Lazy imports list only the chunks the app has not loaded yet (scripts/lib/startup-preloads.ts).
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    rollupOptions: {
      // Superstruct's builders have no side effects: a schema no code reads (the contract modules
      // define many; a page imports one constant) is dropped instead of riding along.
      treeshake: { manualPureFunctions: SUPERSTRUCT_BUILDERS },
      input: { main: new URL('./index.html', import.meta.url).pathname, ...gameEntries },
      output: {
        entryFileNames: gameEntryFileName,
        chunkFileNames: gameChunkFileName,
        assetFileNames: gameAssetFileName,
      },
    },
  },
  server: {
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 8080}` },
  },
});
