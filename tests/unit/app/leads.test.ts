import { describe, expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import { rowErrors } from '../../../src/app/lists/json-array.ts';
import { ANY, NONE, quickValue, withQuickValue } from '../../../src/app/lists/quick-filter-state.ts';
import { mayActOn } from '../../../src/app/data/person-rules.ts';
import { checkRows, readSheet } from '../../../src/app/features/leads/spreadsheet-preview.ts';
import { guessMapping, missingColumns, splitSheet } from '../../../src/shared/lead-import.ts';
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
  test('guesses fields from en, fr and de headers in any case, accent and spacing; others are ignored', () => {
    expect(guessMapping(['Prénom', 'NOM', 'Courriel', 'Téléphone', 'Notes', '__proto__'])).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      null,
      null,
    ]);
    expect(guessMapping(['Vorname', 'Nachname', 'E-Mail-Adresse', 'Handy', 'Kampagne'])).toEqual([
      'firstName',
      'lastName',
      'email',
      'mobile',
      'campaignName',
    ]);
    expect(guessMapping(['First Name', 'LAST_NAME', 'e-mail', 'email'])).toEqual(['firstName', 'lastName', 'email', null]);
    expect(missingColumns(guessMapping(['firstName', 'lastName']))).toEqual(['email']);
  });

  test('skips note lines under the header and blank lines, numbering rows as the sheet does', () => {
    const sheet = splitSheet([
      ['firstName', 'email'],
      ['# Example, not imported: Ada', 'ada@example.com'],
      ['Ann', 'ann@x.test'],
      ['', ''],
      ['#Bob', 'bob@x.test'],
    ]);
    expect(sheet.notes).toBe(1);
    expect(sheet.data.map((d) => d.row)).toEqual([3, 5]);
    expect(splitSheet([['email']]).data).toEqual([]);
  });

  test('checks every row with the server schema: reasons per field, duplicates in the file, text kept as text', () => {
    const mapping = guessMapping(['Prénom', 'Courriel', 'Téléphone']);
    const { good, bad } = checkRows(
      [
        { row: 2, cells: ['=1+2', 'A@X.test', '+33 6 12 34 56 78'] },
        { row: 3, cells: ['Bo', '', ''] },
        { row: 4, cells: ['Cy', 'not-an-email', 'call me'] },
        { row: 5, cells: ['Di', 'a@x.test', ''] },
      ],
      mapping,
    );
    expect(good).toEqual([
      {
        row: 2,
        lead: { firstName: '=1+2', lastName: '', email: 'a@x.test', phone: '+33 6 12 34 56 78', mobile: null, campaignName: null },
      },
    ]);
    expect(bad).toEqual([
      { row: 3, email: '', errors: { email: { key: 'validation.emailMissing', params: {} } } },
      {
        row: 4,
        email: 'not-an-email',
        errors: { email: { key: 'validation.email', params: {} }, phone: { key: 'validation.phone', params: {} } },
      },
      { row: 5, email: 'a@x.test', errors: { email: { key: 'validation.duplicateInFile', params: {} } } },
    ]);
  });

  test('reads .xlsx and .xls in the browser code path, every row', async () => {
    const rows = [['Prénom', 'Nom', 'Courriel'], ...Array.from({ length: 500 }, (_, i) => [`F${i}`, `L${i}`, `p${i}@x.test`])];
    for (const bookType of ['xlsx', 'biff8'] as const) {
      const bytes = workbook(rows, bookType);
      const file = new File([new Uint8Array(bytes)], bookType === 'xlsx' ? 'leads.xlsx' : 'leads.xls');
      const sheet = await readSheet(file);
      expect(sheet.headers).toEqual(['Prénom', 'Nom', 'Courriel']);
      expect(sheet.data).toHaveLength(500);
      expect(sheet.data[499]).toEqual({ row: 501, cells: ['F499', 'L499', 'p499@x.test'] });
    }
    expect(XLSX.version).toBeTruthy();
  });
});
