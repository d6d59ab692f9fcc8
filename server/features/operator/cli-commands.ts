/**
 * The commands of `npm run operator -- <command>` (./cli.ts opens the configured database and
 * calls runOperatorCommand). Each action runs as a named operator (--operator <email>) through the
 * same functions as the console's routes, so it writes the same audit row in the same transaction.
 * Tests call runOperatorCommand in-process against a test database.
 */
import { IDENTITY_STATES, type IdentityState } from '../../../src/contract/player-standing.ts';
import { PURCHASE_LIMIT_PERIODS, type PurchaseLimitPeriod } from '../../../src/contract/wallet.ts';
import { AMOE_POSTAL_REQUEST_STATES, type AmoePostalRequestState } from '../../../src/contract/amoe.ts';
import type { RedemptionAction } from '../../../src/contract/operator.ts';
import type { Database, Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { listPostalRequests } from '../amoe/public.ts';
import type { PasswordHasher } from '../../core/sessions/password-hash.ts';
import { listRedemptionsForReview } from '../redemption/public.ts';
import { listAudit, runOperatorAction, type ActionOutcome, type OperatorActor } from '../../core/audit.ts';
import { createOperator, findOperatorByEmail, OperatorInputError } from './operators.ts';
import {
  decreasePurchaseLimit,
  setGameMaintenance,
  setNamedProperty,
  setPlayerIdentity,
} from './player-actions.ts';
import { issueMailedAmoeCode, reviewRedemption } from './sweeps-actions.ts';

export interface CliDeps {
  db: Database;
  hasher: PasswordHasher;
  now: () => number;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The new operator's password: OPERATOR_PASSWORD, else the first line of standard input. */
  readPassword: () => Promise<string>;
}

export const USAGE = `Usage: npm run operator -- <command> [arguments] --operator <operator email>

  create-operator <email>                      password from OPERATOR_PASSWORD or standard input
  list-redemptions [--status <status>] [--limit <n>]
  approve <redemption id> [--reason <text>]
  reject <redemption id> --reason <text>
  mark-sent <redemption id> [--reason <text>]
  mark-paid <redemption id> [--reason <text>]
  list-amoe-requests [--status open|issued] [--limit <n>]
  issue-amoe-code <postal request code>
  set-identity <player email> <none|required|pending|rejected|verified> --reason <text>
  decrease-limit <player email> <daily|weekly|monthly> <usd> [--reason <text>]
  maintenance <game id> on|off [--until <ISO time>] [--reason <text>]
  set-property <name> <value> [--reason <text>]
  audit [--limit <n>]

Every command but create-operator (for the first operator) needs --operator <email> of an
existing operator; actions are written to the audit trail under that operator.`;

class UsageError extends Error {}

interface Parsed {
  command: string;
  args: string[];
  options: Map<string, string>;
}

const OPTIONS = new Set(['operator', 'reason', 'until', 'status', 'limit']);

function parse(argv: readonly string[]): Parsed {
  const [command = '', ...rest] = argv;
  const args: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i]!;
    if (token.startsWith('--')) {
      const [name, inline] = token.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      if (!OPTIONS.has(name)) throw new UsageError(`Unknown option --${name}.`);
      const value = inline ?? rest[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value.`);
      options.set(name, value);
    } else args.push(token);
  }
  return { command, args, options };
}

const need = (p: Parsed, count: number, what: string): string[] => {
  if (p.args.length !== count) throw new UsageError(`${p.command} takes ${what}.`);
  return p.args;
};

const limitOf = (p: Parsed): number | undefined => {
  const raw = p.options.get('limit');
  if (raw === undefined) return undefined;
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1) throw new UsageError('--limit must be 1 to 500.');
  return Number(raw);
};

export async function runOperatorCommand(deps: CliDeps, argv: readonly string[]): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parse(argv);
    return await run(deps, parsed);
  } catch (error) {
    if (error instanceof UsageError) {
      deps.err(error.message);
      deps.err(USAGE);
      return 2;
    }
    if (error instanceof ApiError) {
      deps.err(`${error.code}: ${error.message}${error.field ? ` (${error.field})` : ''}`);
      return 1;
    }
    if (error instanceof OperatorInputError) {
      deps.err(error.message);
      return 1;
    }
    throw error;
  }
}

async function actorOf(deps: CliDeps, p: Parsed): Promise<OperatorActor> {
  const email = p.options.get('operator');
  if (!email) throw new UsageError('--operator <email> names the operator acting.');
  const operator = await findOperatorByEmail(deps.db, email);
  if (!operator) throw new OperatorInputError(`No operator has the email ${email}.`);
  return { operatorId: operator.id, nowMs: deps.now() };
}

async function act<O extends ActionOutcome>(
  deps: CliDeps,
  p: Parsed,
  action: (nowMs: number) => (tx: Queryable) => Promise<O>,
): Promise<O & { auditId: string }> {
  const actor = await actorOf(deps, p);
  const result = await runOperatorAction(deps.db, actor, action(actor.nowMs));
  deps.out(JSON.stringify({ before: result.before, after: result.after, audit_id: result.auditId }));
  return result;
}

async function run(deps: CliDeps, p: Parsed): Promise<number> {
  const reason = p.options.get('reason') ?? null;
  switch (p.command) {
    case 'create-operator': {
      const [email] = need(p, 1, 'one argument: the new operator email');
      const createdBy = p.options.has('operator') ? (await actorOf(deps, p)).operatorId : null;
      const password = (await deps.readPassword()).replace(/\r?\n$/, '');
      const created = await createOperator(deps.db, deps.hasher, {
        email: email!,
        password,
        createdBy,
        nowMs: deps.now(),
      });
      if (!created) throw new OperatorInputError(`An operator with the email ${email} exists already.`);
      deps.out(`Operator ${created.email} created.`);
      return 0;
    }
    case 'list-redemptions': {
      need(p, 0, 'no arguments');
      await actorOf(deps, p);
      const rows = await listRedemptionsForReview(deps.db, {
        status: p.options.get('status'),
        limit: limitOf(p),
      });
      for (const row of rows) deps.out(JSON.stringify(row));
      return 0;
    }
    case 'approve':
    case 'reject':
    case 'mark-sent':
    case 'mark-paid': {
      const [id] = need(p, 1, 'one argument: the redemption id');
      if (p.command === 'reject' && !reason?.trim()) throw new UsageError('reject needs --reason <text>.');
      await act(deps, p, (nowMs) =>
        reviewRedemption({ redemptionId: id!, action: p.command as RedemptionAction, reason, nowMs }),
      );
      return 0;
    }
    case 'list-amoe-requests': {
      need(p, 0, 'no arguments');
      await actorOf(deps, p);
      const status = p.options.get('status');
      if (status !== undefined && !(AMOE_POSTAL_REQUEST_STATES as readonly string[]).includes(status))
        throw new UsageError(`--status must be one of ${AMOE_POSTAL_REQUEST_STATES.join(', ')}.`);
      const rows = await listPostalRequests(deps.db, {
        status: status as AmoePostalRequestState | undefined,
        limit: limitOf(p),
      });
      for (const row of rows) deps.out(JSON.stringify(row));
      return 0;
    }
    case 'issue-amoe-code': {
      const [code] = need(p, 1, 'one argument: the postal request code');
      const result = await act(deps, p, (nowMs) =>
        issueMailedAmoeCode({ postalRequestCode: code!, reason, nowMs }),
      );
      deps.out(`AMOE code ${result.issued.code} (expires ${result.issued.expiresAt})`);
      return 0;
    }
    case 'set-identity': {
      const [email, state] = need(p, 2, 'two arguments: the player email and the state');
      if (!(IDENTITY_STATES as readonly string[]).includes(state!))
        throw new UsageError(`The state must be one of ${IDENTITY_STATES.join(', ')}.`);
      if (!reason?.trim()) throw new UsageError('set-identity needs --reason <text>.');
      await act(deps, p, (nowMs) =>
        setPlayerIdentity({ email: email!, state: state as IdentityState, reason, nowMs }),
      );
      return 0;
    }
    case 'decrease-limit': {
      const [email, period, usd] = need(
        p,
        3,
        'three arguments: the player email, the period and the amount in USD',
      );
      if (!(PURCHASE_LIMIT_PERIODS as readonly string[]).includes(period!))
        throw new UsageError(`The period must be one of ${PURCHASE_LIMIT_PERIODS.join(', ')}.`);
      if (!/^\d{1,7}(\.\d{1,2})?$/.test(usd!))
        throw new UsageError('The amount must be USD like 250 or 99.50.');
      await act(deps, p, (nowMs) =>
        decreasePurchaseLimit({
          email: email!,
          period: period as PurchaseLimitPeriod,
          amountUsd: Number(usd),
          reason: reason ?? 'support-side decrease',
          nowMs,
        }),
      );
      return 0;
    }
    case 'maintenance': {
      const [gameId, onOff] = need(p, 2, 'two arguments: the game id and on or off');
      if (onOff !== 'on' && onOff !== 'off') throw new UsageError('maintenance takes on or off.');
      await act(deps, p, (nowMs) =>
        setGameMaintenance({
          gameId: gameId!,
          on: onOff === 'on',
          until: p.options.get('until') ?? null,
          reason,
          nowMs,
        }),
      );
      return 0;
    }
    case 'set-property': {
      const [name, value] = need(p, 2, 'two arguments: the property name and its value');
      await act(deps, p, () =>
        setNamedProperty({ name: name!, value: value!, reason: reason ?? 'set from the command line' }),
      );
      return 0;
    }
    case 'audit': {
      need(p, 0, 'no arguments');
      await actorOf(deps, p);
      for (const row of await listAudit(deps.db, limitOf(p) ?? 50)) deps.out(JSON.stringify(row));
      return 0;
    }
    case '':
    case 'help':
    case '--help':
      deps.out(USAGE);
      return p.command === '' ? 2 : 0;
    default:
      throw new UsageError(`Unknown command "${p.command}".`);
  }
}
