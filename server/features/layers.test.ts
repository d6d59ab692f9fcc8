/**
 * The features' dependencies, read from their production imports: no cycle (no two features
 * depend on each other, directly or through others), and a feature reaches another only through
 * its published entry (public.ts). The lint checks each import (eslint.server-layers.js); this
 * checks the whole graph, which one import at a time cannot see.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES_DIR = import.meta.dirname;
const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productionFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

interface FeatureImport {
  from: string;
  to: string;
  file: string;
  target: string;
}

function featureImports(): FeatureImport[] {
  const found: FeatureImport[] = [];
  for (const file of productionFiles(FEATURES_DIR)) {
    const from = path.relative(FEATURES_DIR, file).split(path.sep)[0]!;
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path.relative(FEATURES_DIR, path.resolve(path.dirname(file), match[1]!));
      if (target.startsWith('..')) continue;
      const to = target.split(path.sep)[0]!;
      if (to !== from) found.push({ from, to, file: path.relative(FEATURES_DIR, file), target });
    }
  }
  return found;
}

/** The cycles of a directed graph, each as the path that closes it (depth-first search). */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('server features', () => {
  const imports = featureImports();

  it('reads imports between features (the check below is not vacuous)', () => {
    expect(imports.length).toBeGreaterThan(10);
  });

  it('reach one another only through public.ts', () => {
    const internal = imports.filter((i) => path.basename(i.target) !== 'public.ts');
    expect(internal.map((i) => `${i.file} -> ${i.target}`)).toEqual([]);
  });

  it('depend on one another without a cycle', () => {
    const graph = new Map<string, Set<string>>();
    for (const { from, to } of imports) graph.set(from, (graph.get(from) ?? new Set()).add(to));
    expect(cyclesOf(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('finds a cycle when there is one (the detector works)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
