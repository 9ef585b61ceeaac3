/**
 * One way to export a list as a spreadsheet (CHECKLIST item 9): a header saying who exported what and
 * for which period, then the columns and rows. Text is words (the caller translates codes), dates are
 * written in the reader's zone, numbers stay numbers (2 decimals, or their own: a price's digits), and a text cell that a spreadsheet
 * would read as a formula is neutralised.
 */
export type SheetCell = string | number | null | DecimalCell;

/** A number with its own decimal places where the default 2 would round it or add noise: a price with its symbol's digits, a count. */
export type DecimalCell = { number: number; decimals: number };

const isDecimal = (cell: SheetCell): cell is DecimalCell => typeof cell === 'object' && cell !== null;

export type Sheet = {
  /** The sheet's name in an xlsx book (at most 31 characters). */
  name: string;
  /** Label and value lines above the table: holder, period, opening balance … */
  header: [string, SheetCell][];
  columns: string[];
  rows: SheetCell[][];
};

/**
 * A text cell a spreadsheet would read as a formula (= + - @, and the tab/CR tricks) is kept as text
 * with a leading apostrophe (OWASP CSV injection).
 */
export const neutralize = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** An instant as the reader's clock shows it, `2026-07-14 09:30`: sorts as text and reads in any language. */
export function localDateTime(value: Date | string, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(value));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

const cleaned = (cell: SheetCell): SheetCell => (typeof cell === 'string' ? neutralize(cell) : cell);

/** The sheet as rows of cells: header lines, an empty line, the column names, the rows. */
function grid(sheet: Sheet): SheetCell[][] {
  return [
    ...sheet.header.map(([label, value]) => [cleaned(label), cleaned(value)]),
    [],
    sheet.columns.map(cleaned),
    ...sheet.rows.map((r) => r.map(cleaned)),
  ];
}

const csvCell = (value: SheetCell) => {
  if (value === null) return '';
  if (typeof value === 'number') return value.toFixed(2);
  if (isDecimal(value)) return value.number.toFixed(value.decimals);
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
};

export function sheetCsv(sheet: Sheet): string {
  return grid(sheet)
    .map((row) => row.map(csvCell).join(','))
    .join('\r\n');
}

/** .xlsx with numbers as number cells (2-decimal format) and every text a plain string cell, never a formula. */
export async function sheetXlsx(sheet: Sheet): Promise<Buffer> {
  // Loaded on first use: xlsx is the server's heaviest import.
  const XLSX = await import('xlsx');
  const rows = grid(sheet);
  const cells = XLSX.utils.aoa_to_sheet(rows.map((row) => row.map((cell) => (isDecimal(cell) ? cell.number : (cell ?? '')))));
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      const cell = cells[XLSX.utils.encode_cell({ r, c })];
      if (cell?.t !== 'n') return;
      const decimals = isDecimal(value) ? value.decimals : 2;
      cell.z = decimals > 0 ? `0.${'0'.repeat(decimals)}` : '0';
    }),
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, cells, sheet.name.slice(0, 31));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export const SHEET_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
