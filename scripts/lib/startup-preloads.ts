/**
 * Lazy imports preload only what the app has not loaded yet.
 *
 * Vite gives every lazy import (a route's page, a dialog) the list of chunks to preload with it,
 * and that list includes the start-up chunks (React, the router, the store...) which are always
 * loaded by then. With some sixty lazy routes those repeated lists cost more than 2 KB gzip in
 * the start-up chunk that every route pays for. This plugin reads the bundle before Vite writes
 * the lists and drops, from each list, the chunks the importing chunk can rely on:
 *   - imports made by the entry chunk (index.html) or its static imports skip the entry's own
 *     static imports (the full app is still loading beside them, so its chunks stay listed);
 *   - imports made anywhere else in the app skip the entry's and the full app's (src/app/start.tsx)
 *     static imports, which are loaded before any page can import anything;
 *   - game pages (games/...) are separate documents: their lists are left as they are.
 * Only preloading changes: a module's static imports still load it, so nothing can break.
 */
import type { Plugin } from 'vite';

interface ChunkInfo {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
}

interface StartupSets {
  entryClosure: Set<string>;
  startupClosure: Set<string>;
}

function staticClosure(bundle: Record<string, ChunkInfo>, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk') return;
    seen.add(fileName);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return seen;
}

export function startupPreloads(startModuleSuffix = 'src/app/start.tsx'): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[];
} {
  let sets: StartupSets | null = null;
  const plugin: Plugin = {
    name: 'lucky-crown:startup-preloads',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle) as ChunkInfo[];
        const entry = chunks.find(
          (c) => c.type === 'chunk' && c.isEntry && (c.facadeModuleId ?? '').endsWith('index.html'),
        );
        const start = chunks.find(
          (c) => c.type === 'chunk' && (c.facadeModuleId ?? '').endsWith(startModuleSuffix),
        );
        if (!entry || !start) {
          sets = null;
          return;
        }
        const all = bundle as unknown as Record<string, ChunkInfo>;
        const entryClosure = staticClosure(all, [entry.fileName]);
        const startupClosure = staticClosure(all, [entry.fileName, start.fileName]);
        sets = { entryClosure, startupClosure };
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }): string[] => {
    if (!sets || hostId.startsWith('games/')) return deps;
    const loaded = sets.entryClosure.has(hostId) ? sets.entryClosure : sets.startupClosure;
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}
