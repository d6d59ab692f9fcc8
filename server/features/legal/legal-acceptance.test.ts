/** Legal acceptance API: storage with versions, a new version asked once, play refused until accepted, bad input. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import {
  LEGAL_ACCEPTANCE_PATHS,
  type PendingLegalDocumentsResponse,
} from '../../../src/contract/legal-acceptance.ts';
import type { LegalDocumentType } from '../../../src/contract/schemas.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';
import { createGamesContext, fund, startCoinFlip } from '../../test-support/games-test-support.ts';
import { publishRevision } from '../../test-support/legal-publish-routes.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createGamesContext({ LEGAL_TEST_MODE: 'true' });
});
afterAll(async () => ctx?.close());

const REQUIRED: LegalDocumentType[] = ['terms_conditions', 'sweeps_rules', 'privacy_policy'];

async function latestVersions(): Promise<Record<string, number>> {
  const rows = await ctx.db.query<{ type: string; version: number | string }>(
    'SELECT type, max(version) AS version FROM legal_documents GROUP BY type',
  );
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.version)]));
}

async function acceptedDocuments() {
  const v = await latestVersions();
  return REQUIRED.map((type) => ({ type, version: v[type]! }));
}

async function join(overrides: Record<string, unknown> = {}) {
  const client = new Client(ctx);
  const res = await client.request<{ token: string; user: { id: string } }>('POST', API_PATHS.users, {
    body: signUpPayload(overrides),
  });
  return { client, res };
}

async function joined(overrides: Record<string, unknown> = {}) {
  const { client, res } = await join(overrides);
  expect(res.status).toBe(201);
  client.token = res.body.token;
  await fund(ctx, res.body.user.id, { gold: 10_000 });
  // As the player's app does before the first round: a client seed of the player's own.
  await client.request('PUT', '/games/fairness/client-seed', { body: { client_seed: 'players-own-seed' } });
  return { client, id: res.body.user.id };
}

const acceptanceRows = (userId: string) =>
  ctx.db.query<{
    document_type: string;
    document_version: number | string;
    via: string;
    accepted_at: unknown;
  }>(
    'SELECT document_type, document_version, via, accepted_at FROM legal_acceptances WHERE user_id = $1 ORDER BY document_type',
    [userId],
  );

const pendingOf = async (client: Client) =>
  (await client.request<PendingLegalDocumentsResponse>('GET', LEGAL_ACCEPTANCE_PATHS.pending)).body.results;

describe('legal acceptance at sign-up', () => {
  it('answers each document with its version', async () => {
    const res = await new Client(ctx).request<{ results: { type: string; version: number }[] }>(
      'GET',
      API_PATHS.legalDocuments,
    );
    const v = await latestVersions();
    for (const doc of res.body.results) expect(doc.version).toBe(v[doc.type]);
  });

  it('stores the versions the join form sent, with the time, and asks nothing afterwards', async () => {
    const { client, id } = await joined({ accepted_documents: await acceptedDocuments() });
    const rows = await acceptanceRows(id);
    expect(rows.map((r) => r.document_type).sort()).toEqual([...REQUIRED].sort());
    expect(new Set(rows.map((r) => r.via))).toEqual(new Set(['sign_up']));
    expect(rows.every((r) => r.accepted_at !== null)).toBe(true);
    expect(await pendingOf(client)).toEqual([]);
    expect((await startCoinFlip(client)).status).toBe(201);
  });

  it('records the versions in force for a join form that sends none (older app)', async () => {
    const { client, id } = await joined();
    const rows = await acceptanceRows(id);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.via))).toEqual(new Set(['sign_up_legacy']));
    expect(await pendingOf(client)).toEqual([]);
  });

  it('refuses an outdated version, a missing document and a document that is not accepted; creates nothing', async () => {
    const docs = await acceptedDocuments();
    const outdated = docs.map((d) => (d.type === 'terms_conditions' ? { ...d, version: d.version + 5 } : d));
    const payload = signUpPayload({ accepted_documents: outdated });
    const first = await new Client(ctx).request('POST', API_PATHS.users, { body: payload });
    expect(first.status).toBe(409);
    expect(first.body).toMatchObject({
      code: 'DOCUMENT_VERSION_OUTDATED',
      field: 'accepted_documents',
      extra: { type: 'terms_conditions' },
    });
    const missing = await join({ accepted_documents: docs.filter((d) => d.type !== 'privacy_policy') });
    expect(missing.res.status).toBe(400);
    expect(missing.res.body).toMatchObject({
      code: 'DOCUMENT_ACCEPTANCE_MISSING',
      field: 'accepted_documents',
      extra: { type: 'privacy_policy' },
    });
    const gameRules = await join({ accepted_documents: [...docs, { type: 'game_rules', version: 1 }] });
    expect(gameRules.res.status).toBe(400);
    expect(gameRules.res.body).toMatchObject({ code: 'DOCUMENT_NOT_ACCEPTABLE' });
    const twice = await join({ accepted_documents: [docs[0], docs[0]] });
    expect(twice.res.body).toMatchObject({ code: 'DOCUMENT_NOT_ACCEPTABLE' });
    const users = await ctx.db.query('SELECT 1 FROM users WHERE lower(email) = $1', [payload.email]);
    expect(users).toHaveLength(0);
  });
});

describe('a new version', () => {
  it('asks every player once, refuses play until accepted, and is not asked again', async () => {
    const a = await joined();
    const b = await joined();
    const published = await publishRevision(ctx.db, 'terms_conditions', ctx.clock.now);

    for (const player of [a, b]) {
      const pending = await pendingOf(player.client);
      expect(pending.map((p) => [p.type, p.version])).toEqual([['terms_conditions', published.version]]);
      expect(pending[0]).toMatchObject({ scroll_required: true, title: 'Terms and Conditions' });
      expect(pending[0]!.body).toContain(`Revision ${published.version}`);
      const refused = await startCoinFlip(player.client);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'TERMS_ACCEPTANCE_REQUIRED' });
    }

    const accepted = await a.client.request<PendingLegalDocumentsResponse>(
      'POST',
      LEGAL_ACCEPTANCE_PATHS.accept,
      {
        body: { documents: [{ type: 'terms_conditions', version: published.version }] },
      },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.results).toEqual([]);
    expect(await pendingOf(a.client)).toEqual([]);
    expect((await startCoinFlip(a.client)).status).toBe(201);
    // The other player is still asked; accepting the old version does not count.
    const old = await b.client.request('POST', LEGAL_ACCEPTANCE_PATHS.accept, {
      body: { documents: [{ type: 'terms_conditions', version: published.version - 1 }] },
    });
    expect(old.status).toBe(409);
    expect(old.body).toMatchObject({
      code: 'DOCUMENT_VERSION_OUTDATED',
      extra: { latest_version: published.version },
    });
    expect((await startCoinFlip(b.client)).body).toMatchObject({ code: 'TERMS_ACCEPTANCE_REQUIRED' });
    const rows = await acceptanceRows(a.id);
    expect(
      rows.filter((r) => r.document_type === 'terms_conditions').map((r) => Number(r.document_version)),
    ).toEqual([published.version - 1, published.version]);
  });

  it('writes one row per document version for a parallel burst of accepts', async () => {
    const player = await joined();
    const published = await publishRevision(ctx.db, 'privacy_policy', ctx.clock.now);
    const body = { documents: [{ type: 'privacy_policy', version: published.version }] };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => player.client.request('POST', LEGAL_ACCEPTANCE_PATHS.accept, { body })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(8).fill(200));
    // Sent while the first ones are still in flight, then once more after.
    const inFlight = player.client.request('POST', LEGAL_ACCEPTANCE_PATHS.accept, { body });
    const after = await player.client.request('POST', LEGAL_ACCEPTANCE_PATHS.accept, { body });
    expect((await inFlight).status).toBe(200);
    expect(after.status).toBe(200);
    const rows = await acceptanceRows(player.id);
    expect(
      rows.filter(
        (r) => r.document_type === 'privacy_policy' && Number(r.document_version) === published.version,
      ),
    ).toHaveLength(1);
  });

  it('publishes through the test path only in test mode, and needs no sign-in there', async () => {
    const client = new Client(ctx);
    const res = await client.request<{ type: string; version: number }>(
      'POST',
      LEGAL_ACCEPTANCE_PATHS.testPublish,
      {
        body: { type: 'sweeps_rules' },
      },
    );
    expect(res.status).toBe(201);
    expect(res.body.version).toBe((await latestVersions()).sweeps_rules);
    const bad = await client.request('POST', LEGAL_ACCEPTANCE_PATHS.testPublish, { body: { type: 'nope' } });
    expect(bad.status).toBe(400);
  });
});

describe('the test publishing path', () => {
  it('does not exist without LEGAL_TEST_MODE', async () => {
    const plain = await createTestContext({}, { seedDemo: false });
    try {
      const res = await new Client(plain).request('POST', LEGAL_ACCEPTANCE_PATHS.testPublish, {
        body: { type: 'terms_conditions' },
      });
      expect(res.status).toBe(404);
      const versions = await plain.db.query("SELECT 1 FROM legal_documents WHERE type = 'terms_conditions'");
      expect(versions).toHaveLength(1);
    } finally {
      await plain.close();
    }
  });
});

describe('bad input', () => {
  it('answers 4xx with the error shape for malformed, huge and NUL bodies, and 401 signed out', async () => {
    const { client } = await joined();
    const bodies: unknown[] = [
      {},
      { documents: [] },
      { documents: 'terms' },
      { documents: [{ type: 'terms_conditions' }] },
      { documents: [{ type: 'terms_conditions', version: -1 }] },
      { documents: [{ type: 'terms_conditions', version: 1.5 }] },
      { documents: [{ type: 'terms\u0000', version: 1 }] },
      { documents: [{ type: 'terms_conditions', version: 1e12 }] },
      { documents: Array.from({ length: 50 }, () => ({ type: 'terms_conditions', version: 1 })) },
      { documents: [{ type: 'terms_conditions', version: 1 }], extra: true },
      [1, 2, 3],
      null,
    ];
    for (const body of bodies) {
      const res = await client.request('POST', LEGAL_ACCEPTANCE_PATHS.accept, { body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      expect(res.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    for (const rawBody of [
      '{',
      'x'.repeat(300_000),
      '{"documents":[{"type":"terms_conditions","version":1}]}\u0000',
    ]) {
      const res = await client.request('POST', LEGAL_ACCEPTANCE_PATHS.accept, {
        rawBody,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const signedOut = await new Client(ctx).request('GET', LEGAL_ACCEPTANCE_PATHS.pending);
    expect(signedOut.status).toBe(401);
    const badSignUp = await join({ accepted_documents: [{ type: 'terms_conditions', version: 'one' }] });
    expect(badSignUp.res.status).toBe(400);
    expect(badSignUp.res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
