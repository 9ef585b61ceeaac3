import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineEntityStore } from '../../src/app/offline/offline-entity-store.ts';
import type { OfflineEngine } from '../../src/app/offline/engine.ts';
import { engineFor, faultyFetch, startListeningServer, switchableOnline, type Fault } from './harness.ts';
import type { TestServer } from '../api/harness.ts';

type Op =
  | { kind: 'create'; name: string; valid: boolean }
  | { kind: 'rename'; target: number; name: string }
  | { kind: 'theirs'; target: number; name: string }
  | { kind: 'remove'; target: number }
  | { kind: 'refusedWithEdits'; name: string; edits: { name: string; remove: boolean }[] }
  | { kind: 'createMany'; names: string[] }
  | { kind: 'reload' }
  | { kind: 'offline'; on: boolean };

const name = fc.string({ minLength: 1, maxLength: 12 }).map((s) => `P ${s.replace(/\s+/g, ' ').trim() || 'x'}`);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('create' as const), name, valid: fc.nat({ max: 4 }).map((n) => n > 0) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('rename' as const), target: fc.nat(), name }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('theirs' as const), target: fc.nat(), name }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), target: fc.nat() }) },
  // A record the server will refuse to create, edited or deleted before that refusal arrives.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refusedWithEdits' as const),
      name,
      edits: fc.array(fc.record({ name, remove: fc.boolean() }), { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('createMany' as const), names: fc.array(name, { minLength: 1, maxLength: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('offline' as const), on: fc.boolean() }) },
);
const fault: fc.Arbitrary<Fault> = fc.constantFrom(
  'none',
  'none',
  'none',
  'lostBefore',
  'lostAfter',
  'error500',
  'tooMany',
  'timeout',
  'duplicate',
);

/**
 * Waits until nothing is queued, keeping mine on every version conflict (the person's choice the
 * model expects: a local edit made after another writer's wins); fails after `timeoutMs`. Conflicts
 * and queued entries come from one read of the outbox: read apart, an entry answered 409 between the
 * two reads was in neither, and the wait ended with that conflict unresolved.
 */
async function settled(engine: OfflineEngine, timeoutMs = 60_000) {
  const start = Date.now();
  for (;;) {
    const outbox = await engine.db.outbox.toArray();
    const conflicts = outbox.filter((e) => e.state === 'conflict');
    for (const conflict of conflicts) await engine.keepMine(conflict.seq!);
    const queued = outbox.filter((e) => e.state === 'queued').length;
    if (!conflicts.length && queued === 0) return;
    if (Date.now() - start > timeoutMs) throw new Error(`outbox not settled: ${queued} queued`);
    engine.wake();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Random sequences of creates, renames, deletes and batches, under random faults (lost requests, 500,
 * 429, timeouts, duplicates), offline spells, reloads and a second writer (version conflicts): in the end the server and the local mirror
 * hold exactly what the model says, nothing twice, nothing lost, and every refused change is in the
 * sync issues. All randomness comes from fast-check, so a failure replays from its seed and shrinks.
 */
describe('offline engine, property-based', () => {
  let server: TestServer;
  let baseUrl: string;

  beforeAll(async () => {
    ({ server, baseUrl } = await startListeningServer());
  });
  afterAll(() => server.close());

  it('converges to the model under faults', async () => {
    const root = await server.rootToken();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 25 }), fc.infiniteStream(fault), async (ops, faults) => {
        const person = await server.user(root, { roles: ['admin'] });
        const other = await server.user(root, { roles: ['admin'] });
        const online = switchableOnline(true);
        const fetch = faultyFetch(() => faults.next().value);
        // A 'timeout' fault waits out the request timeout: 1.5 s instead of the harness's 5 s keeps 15 runs
        // well inside the test's limit on a loaded CI machine (a real request that outlasts it is one more
        // lost answer, which the engine must survive anyway).
        const make = () => engineFor(person.id, baseUrl, () => person.token, { online, fetch, requestTimeoutMs: 1_500 });
        let engine = make();
        await engine.start();
        const model = new Map<string, string>();
        const rejected = new Set<string>();
        /** Entries made on a record whose create is refused: each must end a dead letter of its own. */
        let dependents = 0;
        const known: string[] = [];
        // Campaign names are unique (case-insensitively): each name this run writes is made its own.
        let written = 0;
        const own = (name: string) => `${name} ${person.id.slice(-6)}.${++written}`;
        for (const step of ops) {
          const store = createOfflineEntityStore(engine, 'campaign');
          switch (step.kind) {
            case 'create': {
              const name = own(step.name);
              const record = await store.create({ name: step.valid ? name : '' });
              known.push(record.id);
              if (step.valid) model.set(record.id, name);
              else rejected.add(record.id);
              break;
            }
            case 'rename': {
              const live = known.filter((id) => model.has(id));
              if (!live.length) break;
              const id = live[step.target % live.length];
              const name = own(step.name);
              await store.update(id, { name });
              model.set(id, name);
              break;
            }
            case 'theirs': {
              // A second writer changes a record once mine are sent: my later edits to it carry a
              // version the server has moved past until the mirror pulls, so they may meet 409.
              const live = known.filter((id) => model.has(id));
              if (!live.length) break;
              const id = live[step.target % live.length];
              const wasOnline = online.isOnline();
              online.set(true);
              await settled(engine);
              online.set(wasOnline);
              const name = own(step.name);
              const answer = await server.call({
                method: 'PATCH',
                url: `/api/v1/campaign/${id}`,
                token: other.token,
                payload: { name },
              });
              expect(answer.status, JSON.stringify(answer.body)).toBe(200);
              model.set(id, name);
              break;
            }
            case 'remove': {
              const live = known.filter((id) => model.has(id));
              if (!live.length) break;
              const id = live[step.target % live.length];
              await store.remove(id);
              model.delete(id);
              break;
            }
            case 'refusedWithEdits': {
              const { id } = await store.create({ name: '' });
              known.push(id);
              rejected.add(id);
              for (const change of step.edits) {
                // Once refused, its create is undone here: there is nothing left to edit (the store says
                // NOT_FOUND, or a removal does nothing). Its entries never leave the outbox: count them.
                const entries = () => engine.db.outbox.where('recordIds').equals(id).count();
                const before = await entries();
                if (change.remove) await store.remove(id);
                else await store.update(id, { name: own(change.name) }).catch((error: Error) => expect(error.message).toBe('NOT_FOUND'));
                dependents += (await entries()) - before;
              }
              break;
            }
            case 'createMany': {
              const names = step.names.map(own);
              const records = await store.createMany(names.map((name) => ({ name })));
              records.forEach((r, i) => {
                known.push(r.id);
                model.set(r.id, names[i]);
              });
              break;
            }
            case 'reload':
              await engine.stop();
              engine = make();
              await engine.start();
              break;
            case 'offline':
              online.set(!step.on);
              break;
          }
        }
        online.set(true);
        await settled(engine);
        const rows = await server.sql<{ id: string; name: string }>(
          `select id, name from campaigns where id in (${known.map((id) => `'${id}'`).join(',') || `'00000000-0000-0000-0000-000000000000'`})`,
        );
        expect(new Map(rows.map((r) => [r.id, r.name]))).toEqual(model);
        const issues = await engine.issues();
        expect(new Set(issues.filter((i) => i.state === 'dead').flatMap((i) => i.recordIds))).toEqual(rejected);
        // Entries built on a refused create failed with it, each shown, naming the create it needed.
        const failedWith = issues.filter((i) => i.error?.code === 'DEPENDENCY_REFUSED');
        expect(failedWith.length).toBe(dependents);
        for (const entry of failedWith) {
          const create = issues.find((i) => i.seq === entry.dependsOn);
          expect(create?.kind).toBe('create');
          expect(entry.recordIds).toEqual(create?.recordIds);
        }
        // The local mirror, once pulled, holds what the server holds: no ghost of a rejected or deleted record.
        await engine.pull();
        const mirror = (await engine.db.records('campaign').bulkGet(known)).filter((r) => r !== undefined);
        expect(new Map(mirror.map((r) => [r.id, r.name]))).toEqual(model);
        await engine.stop();
      }),
      // No shrinking: each run takes seconds, so shrinking a failure outlasted the test's limit and the
      // counterexample was never printed. Its seed and path are, and replay it (add them here).
      { numRuns: 15, endOnFailure: true },
    );
  }, 300_000);
});
