/** The columns of the lead import (SPEC.md §3), as the server reads them; email is the one required. */
export const IMPORT_COLUMNS = ['firstName', 'lastName', 'email', 'phone', 'mobile', 'campaignName'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['email'];
/** The server's limit on an import file. */
export const MAX_IMPORT_BYTES = 16 * 1024 * 1024;
export const PREVIEW_ROWS = 10;

/** Headers match in any case, spaces, dashes and underscores ignored (as on the server). */
const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');

export type SheetPreview = {
  /** Which column of the sheet holds each known field; absent = not in the file. */
  index: Partial<Record<ImportColumn, number>>;
  missing: ImportColumn[];
  /** Headers the import ignores. */
  ignored: string[];
  /** The first rows, by field. */
  rows: Partial<Record<ImportColumn, string>>[];
  /** Data rows in the sheet (its used range, so trailing blank rows may count). */
  total: number;
};

/** Column check and first rows of a sheet given as rows of cells (header first). */
export function checkColumns(cells: readonly (readonly unknown[])[], total: number): SheetPreview {
  const [headers = [], ...data] = cells;
  const index: Partial<Record<ImportColumn, number>> = {};
  const ignored: string[] = [];
  headers.forEach((raw, i) => {
    const header = String(raw ?? '');
    const column = IMPORT_COLUMNS.find((c) => normalise(c) === normalise(header));
    if (column && index[column] === undefined) index[column] = i;
    else if (header.trim()) ignored.push(header);
  });
  const rows = data
    .filter((row) => row.some((cell) => String(cell ?? '').trim()))
    .slice(0, PREVIEW_ROWS)
    .map((row) =>
      Object.fromEntries(IMPORT_COLUMNS.filter((c) => index[c] !== undefined).map((c) => [c, String(row[index[c]!] ?? '').trim()])),
    );
  return { index, missing: REQUIRED_IMPORT_COLUMNS.filter((c) => index[c] === undefined), ignored, rows, total };
}

/**
 * Reads only the first rows of the first sheet in the browser, for the preview; the server parses
 * the whole file again, in a worker with limits. xlsx is loaded on demand (it is large).
 */
export async function previewSpreadsheet(file: File): Promise<SheetPreview> {
  const XLSX = await import('xlsx');
  const book = XLSX.read(await file.arrayBuffer(), { type: 'array', sheetRows: PREVIEW_ROWS + 40, cellFormula: false, cellHTML: false });
  const name = book.SheetNames[0];
  const sheet = name ? book.Sheets[name] : undefined;
  if (!sheet) return checkColumns([], 0);
  const cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: '', blankrows: false });
  const range = sheet['!fullref'] ?? sheet['!ref'];
  const total = range ? Math.max(0, XLSX.utils.decode_range(range).e.r) : 0;
  return checkColumns(cells, total);
}
