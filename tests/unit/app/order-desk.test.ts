import { describe, expect, test } from 'vitest';
import { deskActions } from '../../../src/app/features/trading/desk/desk-orders.ts';

/** What the desk offers on an order: the machine's actions and its four-eyes declaration, read as the server reads them. */
const REMI = '00000000-0000-4000-8000-00000000000a';
const SARA = '00000000-0000-4000-8000-00000000000b';
const staff = (person: string, fourEyes = true) => ({ roles: ['admin'], person, fourEyes });
const row = (fields: Record<string, unknown>) => ({ id: 'o1', version: 1, dateCreation: '', dateLastUpdate: '', ...fields });

describe('the order desk offers only what the server accepts', () => {
  test('an open order: close with a profit, and at the market for forex (a binary option settles at expiry); nothing to confirm', () => {
    expect(deskActions(row({ status: 'open', market: 'forex' }), staff(REMI))).toEqual(['close', 'close-market']);
    expect(deskActions(row({ status: 'open', market: 'binary_options' }), staff(REMI))).toEqual(['close']);
  });

  test('a close waiting for a second person: whoever asked may cancel it, never confirm it; another staff member both', () => {
    const waiting = row({ status: 'closing', closeRequestedBy: REMI });
    expect(deskActions(waiting, staff(REMI))).toEqual(['cancel-close']);
    expect(deskActions(waiting, staff(SARA))).toEqual(['confirm-close', 'cancel-close']);
    // Four eyes switched off by root: who asked may confirm it too.
    expect(deskActions(waiting, staff(REMI, false))).toEqual(['confirm-close', 'cancel-close']);
  });

  test('a closed order offers nothing; a lead is offered no desk action on a waiting close', () => {
    expect(deskActions(row({ status: 'closed' }), staff(SARA))).toEqual([]);
    expect(deskActions(row({ status: 'closing', closeRequestedBy: REMI }), { roles: ['lead'], person: SARA, fourEyes: true })).toEqual([]);
  });
});
