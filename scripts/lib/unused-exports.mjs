/**
 * Finds exported values of the app (src/) that nothing uses: no module imports them (app, service
 * worker, server, tests and scripts all count) and their own module never reads them either.
 * Types are left out: a type exported beside the function whose signature names it is fine.
 *
 * An import counts for the names it takes; `import * as ns` and `import('...')` count for every
 * export of the module (which property a namespace or a lazy module is read for is not followed),
 * and so does `export * from`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js'];
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'coverage',
  'test-results',
  'playwright-report',
  '.git',
]);

/**
 * Every source file under `dirs` (relative to `root`).
 *
 * @param {string} root
 * @param {string[]} dirs
 * @returns {string[]}
 */
export function sourceFiles(root, dirs) {
  const files = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      if (SKIPPED_DIRS.has(name)) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts'))
        files.push(path);
    }
  };
  for (const d of dirs) walk(resolve(root, d));
  return files;
}

function resolveImport(fromFile, specifier, known) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), specifier);
  for (const candidate of [base, ...SOURCE_EXTENSIONS.map((e) => base + e), join(base, 'index.ts')])
    if (known.has(candidate)) return candidate;
  return null;
}

const hasExportModifier = (node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const hasDefaultModifier = (node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

/** Names a binding pattern declares (`export const { a, b: [c] } = ...`). */
function boundNames(name, out = []) {
  if (ts.isIdentifier(name)) out.push(name.text);
  else for (const el of name.elements) if (!ts.isOmittedExpression(el)) boundNames(el.name, out);
  return out;
}

/**
 * The names an `import('...')` call reads, where the code says so: `lazy(() => import(x))` reads
 * the default export (so does any function named in `defaultLoaders`), `(await import(x)).Name` and `import(x).then(({ a, b }) => ...)` the names
 * they name. Null (every export) otherwise.
 */
function dynamicImportNames(call, defaultLoaders) {
  let node = call.parent;
  if (
    ts.isArrowFunction(node) &&
    ts.isCallExpression(node.parent) &&
    defaultLoaders.includes(node.parent.expression.getText())
  )
    return ['default'];
  if (ts.isAwaitExpression(node)) {
    while (ts.isAwaitExpression(node) || ts.isParenthesizedExpression(node)) node = node.parent;
    return ts.isPropertyAccessExpression(node) ? [node.name.text] : null;
  }
  if (ts.isPropertyAccessExpression(node) && node.name.text === 'then' && ts.isCallExpression(node.parent)) {
    const callback = node.parent.arguments[0];
    const param =
      callback && (ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))
        ? callback.parameters[0]
        : undefined;
    if (param && ts.isObjectBindingPattern(param.name))
      return param.name.elements.map((el) => (el.propertyName ?? el.name).getText());
  }
  return null;
}

/** The exported values a module declares, and how often each name occurs as an identifier. */
function scanModule(source, defaultLoaders) {
  const exported = [];
  const occurrences = new Map();
  const imports = [];
  const count = (name) => occurrences.set(name, (occurrences.get(name) ?? 0) + 1);

  const visit = (node) => {
    if (ts.isIdentifier(node)) count(node.text);
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names = [];
      let all = false;
      if (clause?.name) names.push('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) all = true;
      if (bindings && ts.isNamedImports(bindings))
        for (const el of bindings.elements) names.push((el.propertyName ?? el.name).text);
      imports.push({ specifier: node.moduleSpecifier.text, names, all });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = node.exportClause;
      if (!clause)
        imports.push({ specifier: node.moduleSpecifier.text, names: [], all: false, forwards: true });
      else if (ts.isNamespaceExport(clause))
        imports.push({ specifier: node.moduleSpecifier.text, names: [], all: true });
      else
        imports.push({
          specifier: node.moduleSpecifier.text,
          names: clause.elements.map((el) => (el.propertyName ?? el.name).text),
          all: false,
        });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      const names = dynamicImportNames(node, defaultLoaders);
      imports.push({ specifier: node.arguments[0].text, names: names ?? [], all: names === null });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      imports.push({ specifier: node.argument.literal.text, names: [], all: true });
    }

    if (hasExportModifier(node) && !hasDefaultModifier(node)) {
      if (ts.isVariableStatement(node))
        for (const d of node.declarationList.declarations)
          for (const n of boundNames(d.name)) exported.push(n);
      else if (
        (ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isEnumDeclaration(node)) &&
        node.name
      )
        exported.push(node.name.text);
    }
    if (
      ts.isExportDeclaration(node) &&
      !node.moduleSpecifier &&
      !node.isTypeOnly &&
      node.exportClause &&
      ts.isNamedExports(node.exportClause)
    )
      for (const el of node.exportClause.elements) if (!el.isTypeOnly) exported.push(el.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { exported, occurrences, imports };
}

/**
 * Unused exported values of the modules under `checkedDirs`, as `path: name` (path relative to
 * `root`), looking for uses in every module under `scannedDirs`. `allowed` holds `path: name`
 * entries that are kept on purpose; `defaultLoaders` names the functions whose
 * `(() => import(x))` argument loads only the default export (React's lazy, a route loader).
 *
 * @param {{ root: string; checkedDirs: string[]; scannedDirs: string[]; allowed?: string[]; defaultLoaders?: string[] }} options
 * @returns {string[]}
 */
export function findUnusedExports({
  root,
  checkedDirs,
  scannedDirs,
  allowed = [],
  defaultLoaders = ['lazy'],
}) {
  const files = sourceFiles(root, scannedDirs);
  const known = new Set(files);
  const modules = new Map();
  for (const file of files) {
    let text;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // removed since the directory was listed
    }
    const kind = file.endsWith('x')
      ? ts.ScriptKind.TSX
      : file.endsWith('.ts') || file.endsWith('.mts')
        ? ts.ScriptKind.TS
        : ts.ScriptKind.JS;
    modules.set(
      file,
      scanModule(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind), defaultLoaders),
    );
  }

  const usedNames = new Map();
  const everythingUsed = new Set();
  /** `export * from` edges: a name used from the re-exporting module is used from its source. */
  const forwards = [];
  const use = (target, names) => {
    const set = usedNames.get(target) ?? new Set();
    for (const n of names) set.add(n);
    usedNames.set(target, set);
  };
  for (const [file, mod] of modules) {
    for (const imp of mod.imports) {
      const target = resolveImport(file, imp.specifier, known);
      if (!target) continue;
      if (imp.forwards) forwards.push([file, target]);
      if (imp.all) everythingUsed.add(target);
      use(target, imp.names);
    }
  }
  for (let changed = true; changed;) {
    changed = false;
    for (const [from, to] of forwards) {
      const before = (usedNames.get(to)?.size ?? 0) + (everythingUsed.has(to) ? 1 : 0);
      if (everythingUsed.has(from)) everythingUsed.add(to);
      use(to, usedNames.get(from) ?? []);
      if ((usedNames.get(to)?.size ?? 0) + (everythingUsed.has(to) ? 1 : 0) !== before) changed = true;
    }
  }

  const checked = sourceFiles(root, checkedDirs).filter((f) => !/\.(test|spec)\.tsx?$/.test(f));
  const allowedSet = new Set(allowed);
  const unused = [];
  for (const file of checked) {
    const mod = modules.get(file);
    if (!mod || everythingUsed.has(file)) continue;
    const imported = usedNames.get(file) ?? new Set();
    const path = relative(root, file).split('\\').join('/');
    for (const name of mod.exported) {
      const usedInOwnModule = (mod.occurrences.get(name) ?? 0) > 1;
      const entry = `${path}: ${name}`;
      if (!imported.has(name) && !usedInOwnModule && !allowedSet.has(entry)) unused.push(entry);
    }
  }
  return unused.sort();
}
