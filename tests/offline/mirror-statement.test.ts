import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mirrorStatement, type StatementFilters } from '../../src/app/features/money/mirror-statement.ts';
import type { OfflineEngine } from '../../src/app/offline/engine.ts';
import type { TestServer } from '../api/harness.ts';
import { cardDeposit } from '../fixtures/card-deposit.ts';
import { adjust, verifiedLead, type Person } from '../api/money-fixtures.ts';
import { engineFor, startListeningServer } from './harness.ts';

/**
 * Billing offline (issue 12, DESIGN.md §6–7): after a sync, a device's mirror of the ledger gives the
 * statement the server gives for the same lead and filters, to the cent; a lead's mirror holds its own
 * accounts and entries only. Both sides are asked; nothing of either is computed here.
 */
const DAY = 86_400_000;
const utcDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** UTC-11 and UTC+14: a ledger entry's local day differs from its UTC day at some hour of every day. */
const ZONES = ['Pacific/Pago_Pago', 'Pacific/Kiritimati', 'UTC'];

describe("a lead's statement read from the mirror", () => {
  let server: TestServer;
  let baseUrl: string;
  let root: string;
  let vera: Person;
  let otto: Person;
  let desk: Person;
  let veras: OfflineEngine;
  const engines: OfflineEngine[] = [];

  /** An engine for the person, stopped after the tests, once its first pull has caught up. */
  async function synced(userId: string, token: string) {
    const engine = engineFor(userId, baseUrl, () => token);
    engines.push(engine);
    await engine.start();
    await engine.pull();
    return engine;
  }

  const serverStatement = async (token: string, leadId: string, query: StatementFilters, zone: string) => {
    const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
    const answer = await server.call({
      method: 'GET',
      url: `/api/v1/funds/statement/${leadId}?${params}`,
      token,
      headers: { 'x-timezone': zone },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    const started = await startListeningServer();
    server = started.server;
    baseUrl = started.baseUrl;
    root = await server.rootToken();
    desk = await server.user(root, { roles: ['regular'], lastName: 'Desk' });
    vera = await verifiedLead(server, root, { assignedTo: desk.id });
    otto = await verifiedLead(server, root);
    // Cents that a float sum gets wrong (0.1 + 0.2), a card deposit, a withdrawal (money held: capital ≠ available).
    for (const amount of [0.1, 0.2, 1234.56, 0.07]) expect((await adjust(server, root, vera.id, amount)).status).toBe(201);
    expect((await adjust(server, root, vera.id, 0.3, 'debit')).status).toBe(201);
    // 20,000.10 € is above the default card limit (10,000 €): the company raises it first.
    const limits = await server.call({
      method: 'PATCH',
      url: '/api/v1/setting',
      token: root,
      payload: { cardDepositMax: 25_000, cardDepositDailyMax: 25_000 },
    });
    expect(limits.status, JSON.stringify(limits.body)).toBe(200);
    const card = await server.call({
      method: 'POST',
      url: '/api/v1/deposit/3d-secure',
      token: vera.token,
      payload: cardDeposit('4242424242424242', { amount: 20_000.1 }),
    });
    expect(card.body.status, JSON.stringify(card.body)).toBe('completed');
    const withdrawal = await server.call({ method: 'POST', url: '/api/v1/withdrawal', token: vera.token, payload: { amount: 999.99 } });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(201);
    expect((await adjust(server, root, otto.id, 77.77)).status).toBe(201);
    veras = await synced(vera.id, vera.token);
  });

  afterAll(async () => {
    for (const engine of engines) await engine.stop();
    await server?.close();
  });

  it("the lead's mirror gives the server's statement for every filter, page and time zone", async () => {
    const engine = veras;
    const queries: StatementFilters[] = [{}, { limit: 3, page: 1 }, { limit: 3, page: 2 }, { limit: 3, page: 3 }];
    for (const kind of ['deposit', 'adjustment_credit', 'adjustment_debit', 'withdrawal_hold', 'nothing_of_that_kind'])
      queries.push({ kind });
    for (const from of [utcDay(-1), utcDay(0), utcDay(1)]) {
      queries.push({ from }, { to: from }, { from, to: from, kind: 'adjustment_credit' });
    }
    queries.push({ account: 'withdrawal_hold' });
    let compared = 0;
    for (const zone of ZONES) {
      for (const query of queries) {
        const online = await serverStatement(vera.token, vera.id, query, zone);
        const local = await mirrorStatement(engine.db, vera.id, query, zone);
        expect(local, JSON.stringify({ zone, query })).not.toBeNull();
        const { asOf, ...figures } = local!;
        expect(asOf).not.toBeNull();
        // The transfer's memo is not mirrored (the screen does not show it): the rest is equal.
        const { pageToCreate: _pages, ...expected } = online;
        expect(figures, JSON.stringify({ zone, query })).toEqual({
          ...expected,
          entries: expected.entries.map((e: { memo: unknown }) => ({ ...e, memo: null })),
        });
        compared += online.entries.length;
      }
    }
    // The comparison is not of empty statements: these ones carry entries, to the cent.
    expect(compared).toBeGreaterThan(30);
    const whole = await mirrorStatement(engine.db, vera.id, {}, 'UTC');
    expect(whole!.availableFunds).toBe(20_234.74);
    expect(whole!.capital).toBe(21_234.73);
  });

  it("a lead's mirror holds its own accounts and entries only; staff's those of the leads they see", async () => {
    const engine = veras;
    const accounts = await engine.db.records('account').toArray();
    const entries = await engine.db.records('ledger-entry').toArray();
    const ownAccounts = await server.sql<{ id: string }>(`select id from accounts where lead_id = '${vera.id}'`);
    const ownEntries = await server.sql<{ id: string }>(`select id from ledger_entries where lead_id = '${vera.id}'`);
    expect(accounts.map((a) => a.id).sort()).toEqual(ownAccounts.map((a) => a.id).sort());
    expect(entries.map((e) => e.id).sort()).toEqual(ownEntries.map((e) => e.id).sort());
    expect(ownEntries.length).toBeGreaterThan(5);
    // Otto's money exists, and is not on Vera's device.
    expect((await server.sql(`select id from ledger_entries where lead_id = '${otto.id}'`)).length).toBeGreaterThan(0);
    expect(await mirrorStatement(engine.db, otto.id, {}, 'UTC')).toMatchObject({ entries: [], availableFunds: 0, capital: 0 });

    // A staff member assigned Vera (not Otto) has Vera's ledger on the device, and Vera's statement.
    const desks = await synced(desk.id, desk.token);
    const deskLeads = new Set((await desks.db.records('ledger-entry').toArray()).map((e) => e.leadId));
    expect([...deskLeads]).toEqual([vera.id]);
    expect((await desks.db.records('account').toArray()).every((a) => a.leadId === vera.id)).toBe(true);
    const assigned = await serverStatement(desk.token, vera.id, {}, 'UTC');
    expect((await mirrorStatement(desks.db, vera.id, {}, 'UTC'))!.entries.map((e) => e.id)).toEqual(
      assigned.entries.map((e: { id: string }) => e.id),
    );

    const me = await server.call({ method: 'GET', url: '/api/v1/auth/me', token: root });
    const staff = await synced(me.body.id ?? me.body.user?.id, root);
    for (const lead of [vera, otto]) {
      const online = await serverStatement(root, lead.id, {}, 'UTC');
      const local = await mirrorStatement(staff.db, lead.id, {}, 'UTC');
      expect(local!.availableFunds).toBe(online.availableFunds);
      expect(local!.capital).toBe(online.capital);
      expect(local!.entries.map((e) => [e.id, e.amount, e.balance])).toEqual(
        online.entries.map((e: { id: string; amount: number; balance: number }) => [e.id, e.amount, e.balance]),
      );
    }
  });

  it('a device that has not caught up with the server yet has no statement to show (not a zero balance)', async () => {
    const engine = engineFor(otto.id, baseUrl, () => otto.token);
    engines.push(engine);
    await engine.db.open();
    expect(await mirrorStatement(engine.db, otto.id, {}, 'UTC')).toBeNull();
  });
});
