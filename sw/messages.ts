/**
 * Messages from pages: take over on request (never by itself, so a game in play is not
 * interrupted), check the client version from the network, clear player caches at logout.
 */
import type { PageToWorkerMessage, WorkerToPageMessage } from '../src/contract/sw-messages.ts';
import { PLAYER_SPECIFIC_CACHES } from '../src/contract/sw-messages.ts';
import { fetchMinimumClientVersion } from './version-check.ts';

declare const self: ServiceWorkerGlobalScope;

async function tellPages(message: WorkerToPageMessage): Promise<void> {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
}

async function clearPlayerCaches(): Promise<void> {
  await Promise.all(PLAYER_SPECIFIC_CACHES.map((name) => caches.delete(name)));
}

function isPageMessage(data: unknown): data is PageToWorkerMessage {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';
}

export function listenToPages(): void {
  self.addEventListener('message', (event) => {
    const data: unknown = event.data;
    if (!isPageMessage(data)) return;
    switch (data.type) {
      case 'SKIP_WAITING':
        void self.skipWaiting();
        break;
      case 'CHECK_CLIENT_VERSION':
        event.waitUntil(
          fetchMinimumClientVersion().then((minimumClientVersion) =>
            minimumClientVersion === null
              ? undefined
              : tellPages({ type: 'CLIENT_VERSION', minimumClientVersion }),
          ),
        );
        break;
      case 'CLEAR_PLAYER_CACHES':
        event.waitUntil(clearPlayerCaches().then(() => tellPages({ type: 'PLAYER_CACHES_CLEARED' })));
        break;
    }
  });
}
