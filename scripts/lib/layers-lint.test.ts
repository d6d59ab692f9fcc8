/**
 * The lint enforces the app's layers and keeps store writes in src/state (eslint.layers.js):
 * each rule is shown refusing a breach and accepting the allowed form, on code linted as if it
 * sat at a path inside src/.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('layering lint', () => {
  it('lib, ui and pwa import no state, feature or app code', async () => {
    for (const layer of ['lib', 'ui', 'pwa']) {
      const ids = await ruleIdsFor(
        `src/${layer}/probe.ts`,
        "import { store } from '../state/store.ts';\nexport const s = store;\n",
      );
      expect(ids, layer).toContain('boundaries/dependencies');
    }
    expect(
      await ruleIdsFor('src/lib/probe.ts', "export const load = () => import('../app/routes.tsx');\n"),
    ).toContain('boundaries/dependencies');
    expect(
      await ruleIdsFor(
        'src/lib/probe.ts',
        "import { ROUTES } from '../contract/routes.ts';\nexport const r = ROUTES;\n",
      ),
    ).toEqual([]);
  });

  it('a feature imports neither the app nor another feature, but its own files and state', async () => {
    expect(
      await ruleIdsFor(
        'src/features/about/probe.ts',
        "import { payNowGuard } from '../store/payment/pay-now-rule.ts';\nexport const g = payNowGuard;\n",
      ),
    ).toContain('boundaries/dependencies');
    expect(
      await ruleIdsFor(
        'src/features/store/probe.ts',
        "import { guardsFor } from '../../app/guards.ts';\nexport const g = guardsFor;\n",
      ),
    ).toContain('boundaries/dependencies');
    expect(
      await ruleIdsFor(
        'src/features/store/payment/probe.ts',
        "import { payNowGuard } from './pay-now-rule.ts';\nimport { store } from '../../../state/store.ts';\nexport const g = [payNowGuard, store];\n",
      ),
    ).toEqual([]);
  });

  it('outside src/state the store is only read; writes go through actions', async () => {
    const writes = [
      'store.payment.returnAfterAddCard = null;',
      'store.ui.menuOpen = !store.ui.menuOpen;',
      'delete store.dialogs.results.x;',
      'store.dialogs.stack.push(x);',
      'store.session.user!.first_name += "x";',
    ];
    for (const write of writes) {
      const ids = await ruleIdsFor(
        'src/features/store/probe.ts',
        `import { store } from '../../state/store.ts';\ndeclare const x: never;\nexport function f() {\n  ${write}\n}\n`,
      );
      expect(ids, write).toContain('no-restricted-syntax');
    }
    expect(
      await ruleIdsFor(
        'src/features/store/probe.ts',
        "import { store } from '../../state/store.ts';\nexport const open = () => store.ui.menuOpen;\n",
      ),
    ).toEqual([]);
  });

  it('inside src/state a slice is changed in place, never replaced', async () => {
    expect(
      await ruleIdsFor(
        'src/state/probe.ts',
        "import { store, initialSession } from './store.ts';\nexport function f() {\n  store.session = initialSession();\n}\n",
      ),
    ).toContain('no-restricted-syntax');
    expect(
      await ruleIdsFor(
        'src/state/probe.ts',
        "import { store } from './store.ts';\nexport function f() {\n  store.session.token = null;\n}\n",
      ),
    ).toEqual([]);
  });
});
