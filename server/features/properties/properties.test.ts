import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { PROPERTY_DEFAULTS, SESSION_PROPERTY_NAMES } from '../../../src/contract/properties.ts';
import {
  LegalDocumentsResponseSchema,
  NamedPropertiesResponseSchema,
  LEGAL_DOCUMENT_TYPES,
} from '../../../src/contract/schemas.ts';
import { seed } from '../../seed.ts';
import { SWEEPS_ONLY_PROPERTIES } from '../../core/properties.ts';
import { createTestContext, type TestContext, createTestApp } from '../../test-support/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ GOLD_ONLY: 'true', SESSION_INACTIVITY_SECONDS: '30' }, { seedDemo: false });
});
afterAll(async () => ctx?.close());

const getJson = async (url: string, app = ctx.app) => {
  const res = await app.request(url);
  return { status: res.status, body: (await res.json()) as { results: Array<Record<string, unknown>> } };
};

describe('GET /properties', () => {
  it('answers every seeded default, with the two config-owned values overridden', async () => {
    const app = createTestApp({ ...ctx.deps, config: { ...ctx.deps.config, goldOnly: false } });
    const res = await getJson('/api/v1/properties', app);
    expect(res.status).toBe(200);
    expect(is(res.body, NamedPropertiesResponseSchema)).toBe(true);
    const map = Object.fromEntries(res.body.results.map((r) => [r.key, r.value]));
    expect(Object.keys(map).sort()).toEqual(Object.keys(PROPERTY_DEFAULTS).sort());
    expect(map.gold_only_mode).toBe('false');
    expect(map.inactivity_timeout_seconds).toBe('30');
    expect(map.redemption_values).toBe(PROPERTY_DEFAULTS.redemption_values);
  });

  it('gold-only mode answers gold_only_mode true and leaves out the Sweeps-only properties', async () => {
    const res = await getJson('/api/v1/properties');
    const map = Object.fromEntries(res.body.results.map((r) => [r.key, r.value]));
    expect(map.gold_only_mode).toBe('true');
    const expected = Object.keys(PROPERTY_DEFAULTS).filter((k) => !SWEEPS_ONLY_PROPERTIES.includes(k));
    expect(Object.keys(map).sort()).toEqual(expected.sort());
    expect(map).not.toHaveProperty('redemption_values');
  });

  it('answers the requested names in order, leaving out unknown ones', async () => {
    const names = [...SESSION_PROPERTY_NAMES, 'no_such_property'].join(',');
    const res = await getJson(`/api/v1/properties?names=${names}`);
    expect(res.body.results.map((r) => r.key)).toEqual([...SESSION_PROPERTY_NAMES]);
    const one = await getJson('/api/v1/properties?names=gold_only_mode');
    expect(one.body.results).toEqual([{ key: 'gold_only_mode', value: 'true' }]);
  });

  it('defaults apply when config does not override', async () => {
    const app = createTestApp({
      ...ctx.deps,
      config: { ...ctx.deps.config, goldOnly: false, sessionInactivitySeconds: 900 },
    });
    const res = await getJson('/api/v1/properties?names=gold_only_mode,inactivity_timeout_seconds', app);
    expect(res.body.results).toEqual([
      { key: 'gold_only_mode', value: 'false' },
      { key: 'inactivity_timeout_seconds', value: '900' },
    ]);
  });

  it('keeps operator changes across seeding', async () => {
    await ctx.db.query("UPDATE named_properties SET value = 'false' WHERE key = 'coin_store_enabled'");
    await seed(ctx.db, ctx.deps.hasher, { demoPlayer: false });
    const res = await getJson('/api/v1/properties?names=coin_store_enabled');
    expect(res.body.results).toEqual([{ key: 'coin_store_enabled', value: 'false' }]);
  });

  it('refuses malformed names', async () => {
    const res = await ctx.app.request('/api/v1/properties?names=DROP%20TABLE');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'names' });
  });
});

describe('GET /legal-documents', () => {
  it('answers the five documents with real text', async () => {
    const res = await getJson('/api/v1/legal-documents');
    expect(res.status).toBe(200);
    expect(is(res.body, LegalDocumentsResponseSchema)).toBe(true);
    expect(res.body.results.map((d) => d.type).sort()).toEqual([...LEGAL_DOCUMENT_TYPES].sort());
    for (const doc of res.body.results) {
      expect(String(doc.body).split(/\s+/).length, String(doc.type)).toBeGreaterThan(300);
      expect(String(doc.body)).toContain('## ');
      expect(Date.parse(String(doc.timestamp_created))).not.toBeNaN();
    }
    const rules = String(res.body.results.find((d) => d.type === 'sweeps_rules')?.body);
    expect(rules).toContain('NO PURCHASE');
    for (const state of [
      'Connecticut',
      'Idaho',
      'Michigan',
      'Montana',
      'Nevada',
      'New Jersey',
      'New York',
      'Washington',
    ]) {
      expect(rules).toContain(state);
    }
    expect(rules).toMatch(/alternative method of entry/i);
    const terms = res.body.results.find((d) => d.type === 'terms_conditions');
    expect(terms).toMatchObject({
      title: 'Terms and Conditions',
      acceptance_required: true,
      scroll_required: true,
    });
    expect(String(terms?.body)).toContain('Lucky Crown Interactive, LLC');
  });

  it('seeding again does not add versions while the texts are unchanged', async () => {
    await seed(ctx.db, ctx.deps.hasher, { demoPlayer: false });
    const rows = await ctx.db.query<{ n: number | string }>('SELECT count(*) AS n FROM legal_documents');
    expect(Number(rows[0]?.n)).toBe(5);
  });
});
