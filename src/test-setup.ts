// Unit-test environment: an in-memory IndexedDB so the store's mirror runs as in a browser.
import 'fake-indexeddb/auto';
