/// <reference lib="webworker" />
/**
 * The service worker only wires its modules together: precache, runtime routes, messages.
 * It never calls skipWaiting by itself: a new version waits until the player chooses Reload.
 */
import { clientsClaim } from 'workbox-core';
import { setUpPrecache } from './precache.ts';
import { registerRuntimeRoutes } from './routes.ts';
import { listenToPages } from './messages.ts';

declare const self: ServiceWorkerGlobalScope;

setUpPrecache(self.__WB_MANIFEST);
registerRuntimeRoutes();
listenToPages();
// The first worker controls the open page at once (nothing older to protect).
clientsClaim();
