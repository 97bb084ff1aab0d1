type Schema = Record<string, unknown>;

/** A key as compared: lowercase letters and digits only ("First name", "first_name" and "firstName" meet). */
const keyOf = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const typeOf = (schema: Schema): string | undefined => {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return t.find((x) => x !== 'null') as string | undefined;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
};

/**
 * The "key: value" pairs of a line: CSV rows as the parsers render them ("name: Ada; age: 36"), or
 * one labelled line of a document ("Invoice number: 1042", "Total - 99.50").
 */
function pairsOf(line: string): Map<string, string> | null {
  const parts = line.includes('; ') ? line.split('; ') : [line];
  const pairs = new Map<string, string>();
  for (const part of parts) {
    const match = /^\s*([^:\n]{1,60}?)\s*(?::|\s-\s)\s*(.+)$/.exec(part);
    if (!match) return pairs.size ? pairs : null;
    pairs.set(keyOf(match[1]!), match[2]!.trim());
  }
  return pairs;
}

/** A written value as the schema's type asks; null when it cannot be read as one. */
function coerce(value: string | undefined, schema: Schema): unknown {
  if (value === undefined) return null;
  switch (typeOf(schema)) {
    case 'number':
    case 'integer': {
      const n = Number(value.replace(/[^\d.,-]/g, '').replace(',', '.'));
      if (!Number.isFinite(n) || !/\d/.test(value)) return null;
      return typeOf(schema) === 'integer' ? Math.trunc(n) : n;
    }
    case 'boolean':
      return /^(?:yes|true|y|1)$/i.test(value) ? true : /^(?:no|false|n|0)$/i.test(value) ? false : null;
    case 'array':
      return value
        .split(/\s*,\s*/)
        .filter(Boolean)
        .map((v) => coerce(v, (schema.items ?? {}) as Schema));
    default:
      if (Array.isArray(schema.enum))
        return schema.enum.find((e) => typeof e === 'string' && e.toLowerCase() === value.toLowerCase()) ?? null;
      return value;
  }
}

function objectFrom(schema: Schema, pairs: Map<string, string>, rows: Array<Map<string, string>>): unknown {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const out: Array<[string, unknown]> = [];
  for (const [name, sub] of Object.entries(properties)) {
    if (typeof sub !== 'object' || sub === null) continue;
    const itemSchema = (sub.items ?? {}) as Schema;
    if (typeOf(sub) === 'array' && typeOf(itemSchema) === 'object')
      out.push([name, rows.map((row) => objectFrom(itemSchema, row, []))]);
    else out.push([name, coerce(pairs.get(keyOf(name)), sub)]);
  }
  return Object.fromEntries(out);
}

/**
 * The offline reading of a document into a JSON Schema (`Core.ExtractDataFromUploadedFile` with no
 * model): labelled lines fill the properties of the same name, CSV rows fill arrays of objects. What
 * the document does not say stays null; nothing is guessed.
 */
export function extractWithSchema(schema: Schema, text: string): unknown {
  const rows = text
    .split(/\r?\n/)
    .map((line) => pairsOf(line.trim()))
    .filter((p): p is Map<string, string> => p !== null && p.size > 0);
  const all = new Map<string, string>();
  for (const row of [...rows].reverse()) for (const [k, v] of row) all.set(k, v);
  const kind = typeOf(schema);
  // Arrays of objects come from table rows (two or more columns), not from single labelled lines.
  const tableRows = rows.filter((row) => row.size >= 2);
  if (kind === 'array') {
    const items = (schema.items ?? {}) as Schema;
    return typeOf(items) === 'object'
      ? tableRows.map((row) => objectFrom(items, row, []))
      : text
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean);
  }
  if (kind === 'object') return objectFrom(schema, all, tableRows);
  return text.trim() || null;
}
