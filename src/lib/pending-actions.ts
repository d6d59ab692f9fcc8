/**
 * The one rule for every money-moving action (a bet, a move, a purchase, a claim, a redemption):
 * an action has one Idempotency-Key from the moment it is first sent until its outcome is known.
 * Pressing the same control again, a Try again button, a reload of the page or reopening the app
 * all send the same key (and the same body), so the server replays its first answer instead of
 * acting twice.
 *
 * A pending action is written to IndexedDB (idb-keyval; database "lucky-crown-actions", object
 * store "pending") before its request leaves, under "<scope>|<action name>", where the scope
 * names the player (and, for a game, the game): another player on the same browser never sees
 * it. It goes when the outcome is known: an answer, or a refusal that is final for its key (any
 * answered 4xx except those that say "try again with the same key"). A lost answer (no HTTP
 * answer, status 0), a 5xx, 408, 425, 429 and 409 IDEMPOTENCY_IN_PROGRESS keep it.
 * Entries older than a day are dropped (the server keeps its answers longer; a day-old action the
 * player never came back to is not worth replaying). Where IndexedDB is unavailable (a private
 * window that refuses it) the keys live in memory: a retry still reuses them, a reload does not.
 */
import { clear, createStore, del, entries, set, type UseStore } from 'idb-keyval';

export const PENDING_ACTIONS_DB = 'lucky-crown-actions';
export const PENDING_ACTIONS_STORE = 'pending';
/** How long a pending action is kept for a replay. */
export const PENDING_ACTION_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export interface PendingAction<B = unknown> {
  /** The action's name within its scope, e.g. "deal", "act:<round id>", "card-purchase". */
  action: string;
  /** The Idempotency-Key sent with every try. */
  key: string;
  /** The request body of the first try: a retry sends the same one. */
  body: B;
  /** When the action was first sent, epoch ms. */
  since: number;
}

/** What a failed try's outcome tells: whether its key may go. */
export interface FailedTry {
  /** HTTP status, 0 when no answer came. */
  status: number;
  code?: string;
}

export interface PendingActions {
  /**
   * Starts `action`, or resumes it when a try of it is still pending: then its key and its
   * first body are answered (whatever `body` is given now). The entry is stored before this
   * resolves, so a reload right after the request leaves finds it.
   */
  begin<B>(action: string, body: B, makeKey?: () => string): Promise<PendingAction<B>>;
  /** The pending try of `action`, if any. */
  find<B = unknown>(action: string): Promise<PendingAction<B> | null>;
  /** Every pending action of this scope (e.g. to replay them after a reload). */
  list(): Promise<PendingAction[]>;
  /** The outcome is known: the next try of this action is a new action with a new key. */
  settle(action: string): Promise<void>;
  /** A try failed: its key goes when the refusal is final, and stays when the outcome is unknown. */
  failed(action: string, outcome: FailedTry): Promise<void>;
}

const RETRY_STATUSES = new Set([0, 401, 408, 425, 429]);
const RETRY_CODES = new Set(['IDEMPOTENCY_IN_PROGRESS']);

/** True when a failed try's key must be kept: its outcome is unknown, or the server asks for a retry. */
export function outcomeUnknown(outcome: FailedTry): boolean {
  return (
    RETRY_STATUSES.has(outcome.status) ||
    outcome.status >= 500 ||
    (outcome.code !== undefined && RETRY_CODES.has(outcome.code))
  );
}

/** A fresh key (crypto RNG). */
export const newPendingKey = (prefix = 'act'): string => `${prefix}-${crypto.randomUUID()}`;

let idbStore: UseStore | null | undefined;
let memoryOnly = false;
function storeOrNull(): UseStore | null {
  if (memoryOnly) return null;
  if (idbStore !== undefined) return idbStore;
  try {
    idbStore =
      typeof indexedDB === 'undefined' ? null : createStore(PENDING_ACTIONS_DB, PENDING_ACTIONS_STORE);
  } catch {
    idbStore = null;
  }
  return idbStore;
}

/** The entries kept in memory, for every scope, mirrored to IndexedDB. */
const memory = new Map<string, PendingAction>();
let loaded: Promise<void> | null = null;

function isPendingAction(value: unknown): value is PendingAction {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<PendingAction>;
  return typeof v.action === 'string' && typeof v.key === 'string' && typeof v.since === 'number';
}

/** Reads the stored entries once per page; unreadable or stale ones are deleted. */
function load(now: () => number): Promise<void> {
  loaded ??= (async () => {
    const idb = storeOrNull();
    if (!idb) return;
    try {
      for (const [id, value] of await entries<string, unknown>(idb)) {
        if (typeof id !== 'string') continue;
        if (!isPendingAction(value) || now() - value.since > PENDING_ACTION_MAX_AGE_MS) {
          await del(id, idb).catch(() => undefined);
          continue;
        }
        if (!memory.has(id)) memory.set(id, value);
      }
    } catch {
      // IndexedDB refused: memory only.
    }
  })();
  return loaded;
}

async function write(id: string, entry: PendingAction | null): Promise<void> {
  const idb = storeOrNull();
  if (!idb) return;
  try {
    if (entry) await set(id, entry, idb);
    else await del(id, idb);
  } catch {
    // Memory only for this entry.
  }
}

/** The pending actions of one scope ("<player id>" or "<player id>:<game id>"). */
export function pendingActions(scope: string, now: () => number = Date.now): PendingActions {
  const idOf = (action: string) => `${scope}|${action}`;
  const prefix = `${scope}|`;
  // Two presses before the first write lands must get the same key: one begin at a time per action.
  const starting = new Map<string, Promise<PendingAction>>();

  const settle = async (action: string): Promise<void> => {
    const id = idOf(action);
    memory.delete(id);
    await write(id, null);
  };

  return {
    async begin<B>(action: string, body: B, makeKey: () => string = newPendingKey) {
      const running = starting.get(action);
      if (running) return (await running) as PendingAction<B>;
      const started = (async () => {
        await load(now);
        const id = idOf(action);
        const existing = memory.get(id);
        if (existing) return existing;
        const entry: PendingAction = { action, key: makeKey(), body, since: now() };
        memory.set(id, entry);
        await write(id, entry);
        return entry;
      })();
      starting.set(action, started);
      try {
        return (await started) as PendingAction<B>;
      } finally {
        starting.delete(action);
      }
    },
    async find<B>(action: string) {
      await load(now);
      return (memory.get(idOf(action)) as PendingAction<B> | undefined) ?? null;
    },
    async list() {
      await load(now);
      return [...memory.entries()].filter(([id]) => id.startsWith(prefix)).map(([, entry]) => entry);
    },
    settle,
    async failed(action, outcome) {
      if (!outcomeUnknown(outcome)) await settle(action);
    },
  };
}

/**
 * Tests of screens: keep pending actions in memory only, so a press sends its request within
 * the same task (IndexedDB answers on later tasks). The module's own tests use IndexedDB.
 */
export function keepPendingActionsInMemory(inMemory: boolean): void {
  memoryOnly = inMemory;
}

/** Every pending action of every scope goes (tests; a test starts with none). */
export async function clearPendingActions(): Promise<void> {
  memory.clear();
  loaded = null;
  const idb = storeOrNull();
  if (idb) await clear(idb).catch(() => undefined);
  loaded = null;
}

/** Test helper: forget what this page read (the stored entries stay). */
export function forgetLoadedPendingActions(): void {
  memory.clear();
  loaded = null;
}
