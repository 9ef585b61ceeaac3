import {
  emailKey,
  MAX_IMPORT_ROWS,
  MAX_NOTE_ROWS,
  readRow,
  splitSheet,
  type ImportColumn,
  type LeadRow,
  type RowIssue,
  type SheetRow,
} from '../../../shared/lead-import.ts';

export type Sheet = ReturnType<typeof splitSheet>;

/**
 * The first sheet of a file, read in the browser with the same rules as the server (header, note
 * lines, blank lines). The server parses the whole file again, in a worker with limits.
 * xlsx is loaded on demand (it is large).
 */
export async function readSheet(file: File): Promise<Sheet> {
  const XLSX = await import('xlsx');
  const book = XLSX.read(await file.arrayBuffer(), {
    type: 'array',
    // Enough to say "too many" without reading a giant file whole.
    sheetRows: MAX_IMPORT_ROWS + MAX_NOTE_ROWS + 2,
    cellFormula: false,
    cellHTML: false,
  });
  const name = book.SheetNames[0];
  const sheet = name ? book.Sheets[name] : undefined;
  if (!sheet) return splitSheet([]);
  return splitSheet(XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false }));
}

export type BadRow = { row: number; email: string; errors: Partial<Record<ImportColumn, RowIssue>> };
export type RowsCheck = { good: { row: number; lead: LeadRow }[]; bad: BadRow[] };

/** Every data row through the server's own row schema, and emails seen twice in the file, as the server will judge them. */
export function checkRows(data: readonly SheetRow[], mapping: readonly (ImportColumn | null)[]): RowsCheck {
  const good: RowsCheck['good'] = [];
  const bad: BadRow[] = [];
  const seen = new Set<string>();
  for (const { row, cells } of data) {
    const result = readRow(cells, mapping);
    if (!result.ok) bad.push({ row, email: result.email, errors: result.errors });
    else if (seen.has(emailKey(result.lead.email)))
      bad.push({ row, email: result.lead.email, errors: { email: { key: 'validation.duplicateInFile', params: {} } } });
    else {
      seen.add(emailKey(result.lead.email));
      good.push({ row, lead: result.lead });
    }
  }
  return { good, bad };
}
