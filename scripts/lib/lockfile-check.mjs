/**
 * Finds the dependencies package-lock.json names but does not hold, the check `npm ci` makes
 * before installing ("Missing: X from lock file"). A lockfile written against a registry that
 * lacks some optional platform packages (rollup's native builds, say) passes `npm install` but
 * fails `npm ci` on every fresh clone; this check catches that in the test run instead.
 */
import { readFileSync } from 'node:fs';

/**
 * Where Node would find `name` from the package at `from` (a lockfile key such as
 * "node_modules/a/node_modules/b"): the nearest node_modules folder upwards, as npm resolves it.
 */
function resolveKey(packages, from, name) {
  let base = from;
  for (;;) {
    const key = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (key in packages) return key;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut >= 0 ? base.slice(0, cut) : '';
  }
}

/**
 * @param {{ packages?: Record<string, any> }} lock a parsed package-lock.json (lockfileVersion 2 or 3)
 * @returns {string[]} "dependency (needed by key)" for each dependency the lockfile lacks
 */
export function missingFromLock(lock) {
  const packages = lock.packages ?? {};
  const missing = [];
  for (const [key, pkg] of Object.entries(packages)) {
    if (pkg.link) continue;
    const wanted = { ...(pkg.dependencies ?? {}), ...(pkg.optionalDependencies ?? {}) };
    // The root's devDependencies are installed by `npm ci` too.
    if (key === '') Object.assign(wanted, pkg.devDependencies ?? {});
    for (const name of Object.keys(wanted)) {
      if (!resolveKey(packages, key, name)) missing.push(`${name} (needed by ${key || 'the project'})`);
    }
  }
  return missing;
}

export function missingFromLockFile(file) {
  return missingFromLock(JSON.parse(readFileSync(file, 'utf8')));
}
