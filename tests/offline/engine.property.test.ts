import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineEntityStore } from '../../src/app/offline/offline-entity-store.ts';
import type { OfflineEngine } from '../../src/app/offline/engine.ts';
import type { OutboxEntry } from '../../src/app/offline/outbox-types.ts';
import { engineFor, faultyFetch, manualClock, seededRandom, startListeningServer, switchableOnline, type Fault } from './harness.ts';
import type { TestServer } from '../api/harness.ts';

type Op =
  | { kind: 'create'; name: string; valid: boolean }
  | { kind: 'rename'; target: number; name: string }
  | { kind: 'theirs'; target: number; name: string }
  | { kind: 'remove'; target: number }
  | { kind: 'refusedWithEdits'; name: string; edits: { name: string; remove: boolean }[] }
  | { kind: 'createMany'; names: string[] }
  | { kind: 'project'; name: string; text: string }
  | { kind: 'projectRename'; target: number; name: string }
  | { kind: 'describe'; target: number; text: string }
  | { kind: 'time'; ms: number }
  | { kind: 'reload' }
  | { kind: 'offline'; on: boolean }
  | { kind: 'otherOffline'; on: boolean };

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
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('refusedWithEdits' as const),
      name,
      edits: fc.array(fc.record({ name, remove: fc.boolean() }), { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('createMany' as const), names: fc.array(name, { minLength: 1, maxLength: 4 }) }) },
  // Projects: this engine writes their name, the second engine (another person, at the same time) their description.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('project' as const), name, text: name }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('projectRename' as const), target: fc.nat(), name }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('describe' as const), target: fc.nat(), text: name }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('time' as const), ms: fc.integer({ min: 10, max: 3_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reload' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('offline' as const), on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('otherOffline' as const), on: fc.boolean() }) },
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DESCRIPTION = (en: string) => ({ en, fr: 'Projet', de: 'Projekt' });

/** One person's device: its engine, its connection, and the person's answer to each conflict. */
type Side = {
  engine: OfflineEngine;
  online: ReturnType<typeof switchableOnline>;
  /** true: keep mine; false: take theirs. */
  choices: Iterator<boolean>;
};

/**
 * Random sequences of creates, renames, deletes and batches of campaigns, and projects written by two
 * people at once (one engine each: this one renames, the other describes), under random faults (lost
 * requests, 500, 429, timeouts, duplicates), offline spells, reloads and an API writer. Every version
 * conflict is answered at random, "keep mine" or "take theirs"; taking theirs drops my change and my
 * later ones to that record. In the end the server and both mirrors hold exactly what the model says:
 * each field the last change that was not dropped, nothing twice, nothing lost, every refused change
 * in the sync issues. fast-check chooses every input (the engines' `random` is seeded by it, and their
 * timers run on a clock the test moves): what is left to chance is only how fast the real server
 * answers, so a failure replays from its seed and shrinks, within the bound below.
 */
describe('offline engine, property-based', () => {
  let server: TestServer;
  let baseUrl: string;

  beforeAll(async () => {
    ({ server, baseUrl } = await startListeningServer());
  });
  afterAll(() => server.close());

  it('converges to the model under faults, with a second engine at the same time and both conflict choices', async () => {
    const root = await server.rootToken();
    await fc.assert(
      fc.asyncProperty(
        // A project first, so that both people have something to write at once from the start.
        fc
          .tuple(fc.record({ kind: fc.constant('project' as const), name, text: name }), fc.array(op, { minLength: 2, maxLength: 25 }))
          .map(([first, rest]): Op[] => [first, ...rest]),
        fc.infiniteStream(fault),
        fc.infiniteStream(fault),
        fc.infiniteStream(fc.boolean()),
        fc.infiniteStream(fc.boolean()),
        fc.noBias(fc.integer()),
        async (ops, faults, otherFaults, choices, otherChoices, seed) => {
          const person = await server.user(root, { roles: ['admin'] });
          const other = await server.user(root, { roles: ['admin'] });
          const clock = manualClock();
          const random = seededRandom(seed);
          // Requests time out after 1.5 s of the test's clock; a real request that outlasts it is one
          // more lost answer, which the engine must survive anyway. Timed pulls every 2 s of it.
          const options = { clock, random, requestTimeoutMs: 1_500, pullEveryMs: 2_000 };
          const mineOnline = switchableOnline(true);
          const mineFetch = faultyFetch(() => faults.next().value);
          const make = () => engineFor(person.id, baseUrl, () => person.token, { ...options, online: mineOnline, fetch: mineFetch });
          const a: Side = { engine: make(), online: mineOnline, choices };
          const theirsOnline = switchableOnline(true);
          const b: Side = {
            engine: engineFor(other.id, baseUrl, () => other.token, {
              ...options,
              online: theirsOnline,
              fetch: faultyFetch(() => otherFaults.next().value),
            }),
            online: theirsOnline,
            choices: otherChoices,
          };
          /** The clock moves on (timers fire: timeouts, backoffs, timed pulls) and the real world gets a turn. */
          const tick = async (ms = 25) => {
            clock.advance(ms);
            await sleep(5);
          };
          /** Stops an engine, the clock moving meanwhile: a request it waits for may end only by its timeout. */
          const stop = async (engine: OfflineEngine) => {
            let stopped = false;
            const stopping = engine.stop().finally(() => (stopped = true));
            while (!stopped) await tick(100);
            await stopping;
          };
          await a.engine.start();
          await b.engine.start();
          try {
            // Every change is written down in the order it was made, per record and field; a change is
            // a unique value (deletes a unique token), and `dropped` holds those a "take theirs" gave up.
            const history = new Map<string, string[]>();
            const dropped = new Set<string>();
            const wrote = (id: string, field: string, value: string) => {
              const key = `${id}.${field}`;
              history.set(key, [...(history.get(key) ?? []), value]);
            };
            const lastKept = (id: string, field: string) => (history.get(`${id}.${field}`) ?? []).filter((v) => !dropped.has(v)).at(-1);
            let deletes = 0;
            const deleteToken = (id: string) => `✗${id}#${++deletes}`;

            /** The values an entry carries, dropped with it. A deletion: the record's latest delete not yet dropped. */
            const drop = (entry: OutboxEntry) => {
              const payload = (entry.payload ?? {}) as { name?: string; description?: { en: string } };
              if (entry.kind === 'update') {
                if (payload.name !== undefined) dropped.add(payload.name);
                if (payload.description) dropped.add(payload.description.en);
              } else if (entry.kind === 'delete') {
                const token = (history.get(`${entry.recordIds[0]}.name`) ?? []).filter((v) => v.startsWith('✗') && !dropped.has(v)).at(-1);
                if (token) dropped.add(token);
              } else throw new Error(`a ${entry.kind} in conflict`);
            };

            /** Answers each conflict with the next choice; taking theirs drops the entry and the later ones of its records. */
            const resolve = async (side: Side, outbox: OutboxEntry[]) => {
              for (const conflict of outbox.filter((e) => e.state === 'conflict')) {
                if (side.choices.next().value) {
                  await side.engine.keepMine(conflict.seq!);
                  continue;
                }
                for (const entry of outbox)
                  if (entry.seq! >= conflict.seq! && entry.recordIds.some((id) => conflict.recordIds.includes(id))) drop(entry);
                await side.engine.takeTheirs(conflict.seq!);
              }
            };

            /**
             * Until nothing is queued in any of `sides`, answering conflicts as they come; fails after 40 s.
             * Conflicts and queued entries come from one read of each outbox: read apart, an entry answered
             * 409 between the two reads was in neither, and the wait ended with that conflict unresolved.
             */
            const settled = async (...sides: Side[]) => {
              const start = Date.now();
              for (;;) {
                let busy = false;
                for (const side of sides) {
                  const outbox = await side.engine.db.outbox.toArray();
                  await resolve(side, outbox);
                  if (outbox.some((e) => e.state === 'queued' || e.state === 'conflict')) busy = true;
                  side.engine.wake();
                }
                if (!busy) return;
                if (Date.now() - start > 40_000) throw new Error('outbox not settled');
                await tick();
              }
            };

            const rejected = new Set<string>();
            /** Entries made on a record whose create is refused: each must end a dead letter of its own. */
            let dependents = 0;
            const campaigns: string[] = [];
            const projects: string[] = [];
            /** Records of `entity` among `ids` in a side's mirror (what that person can edit now). */
            const inMirror = async (side: Side, entity: 'campaign' | 'project', ids: string[]) =>
              (await side.engine.db.records(entity).bulkGet(ids)).flatMap((r) => (r && !rejected.has(r.id) ? [r.id] : []));
            // Names are made unique per run and per write (campaign names are unique, case-insensitively).
            let written = 0;
            const own = (value: string) => `${value} ${person.id.slice(-6)}.${++written}`;

            for (const step of ops) {
              const store = createOfflineEntityStore(a.engine, 'campaign');
              switch (step.kind) {
                case 'create': {
                  const value = own(step.name);
                  const record = await store.create({ name: step.valid ? value : '' });
                  campaigns.push(record.id);
                  if (step.valid) wrote(record.id, 'name', value);
                  else rejected.add(record.id);
                  break;
                }
                case 'rename': {
                  const live = await inMirror(a, 'campaign', campaigns);
                  if (!live.length) break;
                  const id = live[step.target % live.length];
                  const value = own(step.name);
                  await store.update(id, { name: value });
                  wrote(id, 'name', value);
                  break;
                }
                case 'theirs': {
                  // An API writer changes a campaign once mine are sent: my later edits to it carry a
                  // version the server has moved past until the mirror pulls, so they may meet 409.
                  const wasOnline = a.online.isOnline();
                  a.online.set(true);
                  await settled(a);
                  a.online.set(wasOnline);
                  const live = await inMirror(a, 'campaign', campaigns);
                  if (!live.length) break;
                  const id = live[step.target % live.length];
                  const value = own(step.name);
                  const answer = await server.call({
                    method: 'PATCH',
                    url: `/api/v1/campaign/${id}`,
                    token: other.token,
                    payload: { name: value },
                  });
                  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
                  wrote(id, 'name', value);
                  break;
                }
                case 'remove': {
                  const live = await inMirror(a, 'campaign', campaigns);
                  if (!live.length) break;
                  const id = live[step.target % live.length];
                  await store.remove(id);
                  wrote(id, 'name', deleteToken(id));
                  break;
                }
                case 'refusedWithEdits': {
                  const { id } = await store.create({ name: '' });
                  campaigns.push(id);
                  rejected.add(id);
                  for (const change of step.edits) {
                    // Once refused, its create is undone here: there is nothing left to edit (the store says
                    // NOT_FOUND, or a removal does nothing). Its entries never leave the outbox: count them.
                    const entries = () => a.engine.db.outbox.where('recordIds').equals(id).count();
                    const before = await entries();
                    if (change.remove) await store.remove(id);
                    else
                      await store.update(id, { name: own(change.name) }).catch((error: Error) => expect(error.message).toBe('NOT_FOUND'));
                    dependents += (await entries()) - before;
                  }
                  break;
                }
                case 'createMany': {
                  const names = step.names.map(own);
                  const records = await store.createMany(names.map((value) => ({ name: value })));
                  records.forEach((r, i) => {
                    campaigns.push(r.id);
                    wrote(r.id, 'name', names[i]);
                  });
                  break;
                }
                case 'project': {
                  const [value, text] = [own(step.name), own(step.text)];
                  const record = await createOfflineEntityStore(a.engine, 'project').create({
                    name: value,
                    description: DESCRIPTION(text),
                    rentability: 5,
                    duration: 12,
                    image: 'https://example.com/project.png',
                    coefficient: 1,
                    minimumAmount: 1_000,
                    dividendFrequency: 'monthly',
                  });
                  projects.push(record.id);
                  wrote(record.id, 'name', value);
                  wrote(record.id, 'description', text);
                  break;
                }
                case 'projectRename': {
                  const live = await inMirror(a, 'project', projects);
                  if (!live.length) break;
                  const id = live[step.target % live.length];
                  const value = own(step.name);
                  await createOfflineEntityStore(a.engine, 'project').update(id, { name: value });
                  wrote(id, 'name', value);
                  break;
                }
                case 'describe': {
                  // The other person sees a project once its create has reached the server and they pulled
                  // (here, when they have none yet; else their mirror is as old as their last timed pull,
                  // and their change may meet a version conflict, as this engine's may meet theirs).
                  let live = await inMirror(b, 'project', projects);
                  if (!live.length) {
                    await b.engine.pull().catch(() => undefined);
                    live = await inMirror(b, 'project', projects);
                  }
                  if (!live.length) break;
                  const id = live[step.target % live.length];
                  const text = own(step.text);
                  await createOfflineEntityStore(b.engine, 'project').update(id, { description: DESCRIPTION(text) });
                  wrote(id, 'description', text);
                  break;
                }
                case 'time':
                  for (let left = step.ms; left > 0; left -= 100) await tick(Math.min(100, left));
                  break;
                case 'reload':
                  await stop(a.engine);
                  a.engine = make();
                  await a.engine.start();
                  break;
                case 'offline':
                  a.online.set(!step.on);
                  break;
                case 'otherOffline':
                  b.online.set(!step.on);
                  break;
              }
              // Both engines get a few turns to send, at the same time, and conflicts met meanwhile are
              // answered as a person would, when they see them.
              for (let turn = 0; turn < 8; turn++) {
                a.engine.wake();
                b.engine.wake();
                await tick();
              }
              await resolve(a, await a.engine.db.outbox.toArray());
              await resolve(b, await b.engine.db.outbox.toArray());
            }
            a.online.set(true);
            b.online.set(true);
            await settled(a, b);

            // Campaigns: the last kept change of each, absent when that was its deletion.
            const expectedCampaigns = new Map<string, string>();
            for (const id of campaigns) {
              const last = lastKept(id, 'name');
              if (!rejected.has(id) && last !== undefined && !last.startsWith('✗')) expectedCampaigns.set(id, last);
            }
            const expectedProjects = new Map(projects.map((id) => [id, { name: lastKept(id, 'name'), text: lastKept(id, 'description') }]));
            const quoted = (ids: string[]) => ids.map((id) => `'${id}'`).join(',') || `'00000000-0000-0000-0000-000000000000'`;
            const rows = await server.sql<{ id: string; name: string }>(
              `select id, name from campaigns where id in (${quoted(campaigns)})`,
            );
            expect(new Map(rows.map((r) => [r.id, r.name]))).toEqual(expectedCampaigns);
            const projectRows = await server.sql<{ id: string; name: string; text: string }>(
              `select id, name, description->>'en' as text from projects where id in (${quoted(projects)})`,
            );
            expect(new Map(projectRows.map((r) => [r.id, { name: r.name, text: r.text }]))).toEqual(expectedProjects);

            const issues = await a.engine.issues();
            expect(new Set(issues.filter((i) => i.state === 'dead').flatMap((i) => i.recordIds))).toEqual(rejected);
            // Entries built on a refused create failed with it, each shown, naming the create it needed.
            const failedWith = issues.filter((i) => i.error?.code === 'DEPENDENCY_REFUSED');
            expect(failedWith.length).toBe(dependents);
            for (const entry of failedWith) {
              const create = issues.find((i) => i.seq === entry.dependsOn);
              expect(create?.kind).toBe('create');
              expect(entry.recordIds).toEqual(create?.recordIds);
            }
            // The other person's changes were all valid: nothing of theirs is left in the sync issues.
            expect(await b.engine.issues()).toEqual([]);

            // Both mirrors, once pulled, hold what the server holds: no ghost of a rejected, deleted or dropped change.
            await a.engine.pull();
            await b.engine.pull();
            const mine = (await a.engine.db.records('campaign').bulkGet(campaigns)).filter((r) => r !== undefined);
            expect(new Map(mine.map((r) => [r.id, r.name]))).toEqual(expectedCampaigns);
            for (const [who, side] of [
              ['my mirror', a],
              ['their mirror', b],
            ] as const) {
              const local = (await side.engine.db.records('project').bulkGet(projects)).filter((r) => r !== undefined);
              const found = new Map(local.map((r) => [r.id, { name: r.name, text: (r.description as { en: string }).en }]));
              expect(found, who).toEqual(expectedProjects);
            }
          } finally {
            await stop(a.engine);
            await stop(b.engine);
          }
        },
      ),
      // Shrinking is on, bounded: a failure is shrunk for what is left of 200 s (runs take a second or
      // two each), then reported with the smallest counterexample found so far, inside the test's limit.
      // A run that hangs fails after 30 s and shrinks like any other failure. A failure prints its seed
      // and path: FC_SEED=<seed> FC_PATH=<path> replays that counterexample alone, without shrinking.
      {
        numRuns: 15,
        timeout: 30_000,
        interruptAfterTimeLimit: 200_000,
        markInterruptAsFailure: true,
        ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH, endOnFailure: true } : {}),
      },
    );
  }, 300_000);
});
