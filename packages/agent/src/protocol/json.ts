export type JsonResult = { ok: true; value: unknown; repaired: boolean } | { ok: false; error: string };

const FENCE_BLOCK = /^[ \t]*(`{3,}|~{3,})[^\n`]*\n([\s\S]*?)\n[ \t]*\1[ \t]*$/m;

function skipSpaceAndComments(text: string, from: number): number {
  let j = from;
  for (;;) {
    while (j < text.length && /\s/.test(text[j]!)) j++;
    if (text[j] === '/' && text[j + 1] === '/') {
      while (j < text.length && text[j] !== '\n') j++;
    } else if (text[j] === '/' && text[j + 1] === '*') {
      const end = text.indexOf('*/', j + 2);
      j = end < 0 ? text.length : end + 2;
    } else return j;
  }
}

/**
 * Removes `//` and `/* *\/` comments and trailing commas outside strings. Models write JSON5-ish
 * entity schemas often enough that refusing them would only make the builder ask again; anything
 * further from JSON (single quotes, unquoted keys) is still refused.
 */
export function repairJson(text: string): string {
  let out = '';
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < n && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === ',') {
      // A comma is trailing when the next thing after spaces and comments is a closing bracket.
      const j = skipSpaceAndComments(text, i + 1);
      if (text[j] !== '}' && text[j] !== ']') out += c;
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Parses the JSON body of an entity action: plain JSON first, then with comments and trailing
 * commas removed, then the first fenced block or the outermost `{...}` / `[...]` when the model
 * wrapped the JSON in prose.
 */
export function parseLenientJson(text: string): JsonResult {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: 'the JSON block is empty' };
  const first = tryParse(trimmed);
  if (first.ok) return { ok: true, value: first.value, repaired: false };
  const candidates: string[] = [repairJson(trimmed)];
  const fenced = FENCE_BLOCK.exec(trimmed);
  if (fenced) candidates.push(fenced[2]!, repairJson(fenced[2]!));
  const start = trimmed.search(/[[{]/);
  const end = Math.max(trimmed.lastIndexOf('}'), trimmed.lastIndexOf(']'));
  if (start > 0 || (end >= 0 && end < trimmed.length - 1)) {
    const inner = trimmed.slice(Math.max(start, 0), end + 1);
    candidates.push(inner, repairJson(inner));
  }
  for (const candidate of candidates) {
    const r = tryParse(candidate);
    if (r.ok) return { ok: true, value: r.value, repaired: true };
  }
  return { ok: false, error: first.error };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The `[name, schema]` pairs of an import_entities body: the documented `{ "Name": schema }` map,
 * a list of schemas with `"name"`, or one schema written alone (a frequent slip). A missing name
 * comes back as ''.
 */
export function entitiesOf(value: unknown): Array<[string, unknown]> {
  if (Array.isArray(value))
    return value.map((v): [string, unknown] => [isRecord(v) && typeof v.name === 'string' ? v.name : '', v]);
  if (!isRecord(value)) return [];
  if (isRecord(value.properties) && (value.type === 'object' || typeof value.name === 'string')) {
    return [[typeof value.name === 'string' ? value.name : '', value]];
  }
  return Object.entries(value);
}
