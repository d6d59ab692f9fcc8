// Unit-test environment: an in-memory IndexedDB so the store's mirror runs as in a browser.
import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { clearPendingActions, keepPendingActionsInMemory } from './lib/pending-actions.ts';

// Screens send a press's request in the same task (see keepPendingActionsInMemory), and each test
// starts with no pending money action left by the one before.
keepPendingActionsInMemory(true);
afterEach(clearPendingActions);
