import { csvField } from '@tessera/contracts/entities';

export { csvField };

/** A CSV document: a header row of labels, then one line per record, CRLF line ends. */
export function toCsv(
  columns: ReadonlyArray<{ key: string; label: string }>,
  rows: ReadonlyArray<Record<string, unknown>>,
): string {
  const lines = [columns.map((c) => csvField(c.label)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(row[c.key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** docs/product/database.md#limits: `{entity}_export_{YYYY-MM-DD}.csv`, in the builder's local date. */
export function exportFileName(entity: string, date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${entity}_export_${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
}
