// Parses an uploaded spreadsheet away from the server's main thread (xlsx 0.18.5 has known CVEs for
// crafted files: CVE-2023-30533, CVE-2024-22363). The parent gives it a memory cap and a deadline.
// Plain JavaScript so it runs the same under tsx, vitest and the bundled server.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from 'xlsx';

const { bytes, maxSheetRows, maxUnzippedBytes } = workerData;
const data = Buffer.from(bytes);

/** Sum of the uncompressed sizes in a zip's central directory: refuses zip bombs before inflating. */
function declaredZipSize(buffer) {
  let total = 0;
  for (let i = buffer.length - 46; i >= 0; i--) {
    if (buffer.readUInt32LE(i) === 0x02014b50) total += buffer.readUInt32LE(i + 24);
  }
  return total;
}

try {
  const isZip = data.readUInt32LE(0) === 0x04034b50;
  if (isZip && declaredZipSize(data) > maxUnzippedBytes) throw new Error('too large when unzipped');
  const book = XLSX.read(data, {
    type: 'buffer',
    dense: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    cellDates: false,
    sheetStubs: false,
    bookVBA: false,
    // One more than allowed, to tell "too many" from "exactly the maximum".
    sheetRows: maxSheetRows + 1,
  });
  const sheet = book.Sheets[book.SheetNames[0]];
  // The sheet's whole range survives `sheetRows`: beyond the maximum, refuse here rather than hand
  // back a silently cut file (and before building rows the parent would refuse anyway).
  const range = sheet?.['!fullref'] ?? sheet?.['!ref'];
  if (range && XLSX.utils.decode_range(range).e.r + 1 > maxSheetRows) {
    parentPort.postMessage({ ok: false, tooMany: true });
  } else {
    // Values only: a formula cell gives its cached result, never the formula.
    const rows = sheet ? XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, defval: '', blankrows: false }) : [];
    parentPort.postMessage({ ok: true, rows: rows.map((row) => row.map((cell) => String(cell ?? '').slice(0, 500))) });
  }
} catch (error) {
  parentPort.postMessage({ ok: false, error: String(error?.message ?? error) });
}
