import { describe, expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import { rowErrors } from '../../../src/app/lists/json-array.ts';
import { ANY, NONE, quickValue, withQuickValue } from '../../../src/app/lists/quick-filter-state.ts';
import { mayActOn } from '../../../src/app/data/person-rules.ts';
import { checkColumns, previewSpreadsheet } from '../../../src/app/features/leads/spreadsheet-preview.ts';
import { workbook } from '../../fixtures/spreadsheets.ts';

describe('quick filters', () => {
  test('a picked value becomes an `in` filter beside the others; "any" removes it; the view name goes', () => {
    const state = { filters: [{ field: 'labels', values: ['forex'] }], view: 'Mine' };
    const next = withQuickValue(state, 'campaignId', ['c1']);
    expect(next).toEqual({
      filters: [
        { field: 'labels', values: ['forex'] },
        { field: 'campaignId', values: ['c1'] },
      ],
      view: undefined,
    });
    expect(quickValue(next.filters, 'campaignId')).toEqual(['c1']);
    expect(withQuickValue(next, 'campaignId', [ANY]).filters).toEqual([{ field: 'labels', values: ['forex'] }]);
    expect(withQuickValue({ filters: [{ field: 'labels', values: ['forex'] }] }, 'labels', []).filters).toBeUndefined();
  });

  test('"none" means the field is empty (isNull), and reads back as none', () => {
    const next = withQuickValue({}, 'assignedTo', [NONE]);
    expect(next.filters).toEqual([{ field: 'assignedTo', operator: 'isNull', values: [true] }]);
    expect(quickValue(next.filters, 'assignedTo')).toEqual([NONE]);
    // Chosen after a value, the last choice wins.
    expect(withQuickValue({}, 'assignedTo', ['u1', NONE]).filters).toEqual([{ field: 'assignedTo', operator: 'isNull', values: [true] }]);
    expect(withQuickValue({}, 'assignedTo', [NONE, 'u1']).filters).toEqual([{ field: 'assignedTo', values: ['u1'] }]);
  });

  test('filters made in the filter dialog with other operators are left alone', () => {
    const state = { filters: [{ field: 'lastLogin', operator: 'gte' as const, values: ['2025-01-01'] }] };
    expect(quickValue(state.filters, 'lastLogin')).toEqual([]);
    expect(withQuickValue(state, 'lastLogin', []).filters).toEqual(state.filters);
  });
});

describe('JSON batch errors', () => {
  test("the server's per-item details become rows counted from 1, in order; other details are not rows", () => {
    expect(rowErrors({ 'items.3.email': 'taken', 'items.0.firstName': 'required', 'items.10.email': 'bad', name: 'x' })).toEqual([
      { row: 1, field: 'firstName', message: 'required' },
      { row: 4, field: 'email', message: 'taken' },
      { row: 11, field: 'email', message: 'bad' },
    ]);
    expect(rowErrors(undefined)).toEqual([]);
  });
});

describe('who may act on whom', () => {
  const row = (id: string, roles: string[]) => ({ id, roles });
  const admin = { id: 'a', roles: ['admin'] };
  const regular = { id: 'r', roles: ['regular'] };
  test('admins act on leads and staff below their own rank (an admin only by root), never on themselves; regular staff on nobody', () => {
    for (const action of ['delete', 'user.lock', 'auth.resetPassword', 'auth.impersonate'] as const) {
      expect(mayActOn(admin, row('l', ['lead']), action)).toBe(true);
      expect(mayActOn(admin, row('r', ['regular']), action)).toBe(true);
      expect(mayActOn(admin, row('a2', ['admin']), action)).toBe(false);
      expect(mayActOn({ id: 'root', roles: ['root'] }, row('a2', ['admin']), action)).toBe(true);
      expect(mayActOn(admin, row('root', ['root']), action)).toBe(false);
      expect(mayActOn(admin, row('a', ['admin']), action)).toBe(false);
      expect(mayActOn(regular, row('l', ['lead']), action)).toBe(false);
      expect(mayActOn({ id: 'root', roles: ['root'] }, row('root2', ['root']), action)).toBe(false);
      expect(mayActOn(null, row('l', ['lead']), action)).toBe(false);
    }
  });
});

describe('import preview', () => {
  test('matches headers in any case and spacing, lists missing and ignored columns, keeps the first rows', () => {
    const preview = checkColumns(
      [
        ['First Name', 'LAST_NAME', 'e-mail', 'Notes', '__proto__'],
        ['Ann', 'One', 'ann@x.test', 'hot', '{}'],
        ['', '', '', '', ''],
        ['Bob', 'Two', 'bob@x.test'],
      ],
      3,
    );
    expect(preview.index).toEqual({ firstName: 0, lastName: 1, email: 2 });
    expect(preview.missing).toEqual([]);
    expect(preview.ignored).toEqual(['Notes', '__proto__']);
    expect(preview.rows).toEqual([
      { firstName: 'Ann', lastName: 'One', email: 'ann@x.test' },
      { firstName: 'Bob', lastName: 'Two', email: 'bob@x.test' },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('says the email column is missing', () => {
    expect(checkColumns([['firstName', 'lastName']], 0).missing).toEqual(['email']);
    expect(checkColumns([], 0).missing).toEqual(['email']);
  });

  test('reads .xlsx and .xls in the browser code path, only the first rows, with the whole count', async () => {
    const rows = [['firstName', 'lastName', 'email'], ...Array.from({ length: 500 }, (_, i) => [`F${i}`, `L${i}`, `p${i}@x.test`])];
    for (const bookType of ['xlsx', 'biff8'] as const) {
      const bytes = workbook(rows, bookType);
      const file = new File([new Uint8Array(bytes)], bookType === 'xlsx' ? 'leads.xlsx' : 'leads.xls');
      const preview = await previewSpreadsheet(file);
      expect(preview.total).toBe(500);
      expect(preview.rows).toHaveLength(10);
      expect(preview.rows[0]).toEqual({ firstName: 'F0', lastName: 'L0', email: 'p0@x.test' });
    }
    expect(XLSX.version).toBeTruthy();
  });
});
