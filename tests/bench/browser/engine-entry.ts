// The offline engine as a script for a benchmark page: real Dexie on Chromium's IndexedDB.
import { v7 as uuidv7 } from 'uuid';
import { createOfflineEngine } from '../../../src/app/offline/engine.ts';
import { createOfflineEntityStore } from '../../../src/app/offline/offline-entity-store.ts';
import { browserOnlineSignal, inProcessLocks } from '../../../src/app/offline/ports.ts';
import { queryLocal } from '../../../src/app/offline/local-query.ts';
import { tableSpec } from '../../../src/app/offline/local-schema.ts';

(globalThis as Record<string, unknown>).benchEngine = (userId: string, token: string) => {
  const engine = createOfflineEngine({
    userId,
    baseUrl: '/api',
    fetch: (url, init) => fetch(url, init),
    getToken: () => token,
    online: browserOnlineSignal(),
    locks: navigator.locks ?? inProcessLocks(),
    newId: uuidv7,
    pullEveryMs: 3_600_000,
  });
  return { engine, store: (entity: 'user' | 'campaign') => createOfflineEntityStore(engine, entity) };
};

// Pieces a probe may time on their own.
(globalThis as Record<string, unknown>).benchParts = { queryLocal, tableSpec };
