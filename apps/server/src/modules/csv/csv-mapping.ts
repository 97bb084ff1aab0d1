import {
  csvDataTypeOf,
  detectSplitCharacter,
  isListField,
  type CsvMapping,
  type EntitySchema,
} from '@tessera/contracts/entities';

/** Words that name the same thing in column headers. */
const SYNONYMS: string[][] = [
  ['name', 'title', 'label'],
  ['description', 'desc', 'details', 'summary', 'notes', 'note'],
  ['email', 'mail', 'emailaddress'],
  ['phone', 'tel', 'telephone', 'mobile', 'cell'],
  ['price', 'cost', 'amount', 'fee'],
  ['quantity', 'qty', 'count', 'number'],
  ['date', 'day', 'when'],
  ['created', 'createdat', 'added'],
  ['url', 'link', 'website', 'site'],
  ['image', 'photo', 'picture', 'img'],
  ['category', 'type', 'kind', 'group'],
  ['tags', 'labels', 'keywords'],
  ['address', 'location', 'addr'],
  ['company', 'organisation', 'organization', 'org'],
];
const CANONICAL = new Map(SYNONYMS.flatMap((group) => group.map((word) => [word, group[0]!] as const)));

/** "Product Name (USD)" -> ["product", "name", "usd"], camelCase split, synonyms folded. */
function tokens(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => CANONICAL.get(w) ?? w);
}

/** How well a header names a field: 1 for the same words, less as they share fewer. */
export function headerScore(header: string, field: string): number {
  const a = tokens(header);
  const b = tokens(field);
  if (!a.length || !b.length) return 0;
  if (a.join('') === b.join('')) return 1;
  const setB = new Set(b);
  const shared = a.filter((w) => setB.has(w)).length;
  const union = new Set([...a, ...b]).size;
  const jaccard = shared / union;
  const joinedContains = a.join('').includes(b.join('')) || b.join('').includes(a.join('')) ? 0.6 : 0;
  return Math.max(jaccard, joinedContains);
}

const MIN_SCORE = 0.5;

/**
 * The offline mapping model: each field goes to the header that names it best (same words,
 * camelCase and common synonyms understood), each header and field used once, data types from the
 * schema, list separators detected from the preview rows.
 */
export function suggestCsvMapping(
  headers: string[],
  schema: EntitySchema,
  previewData: Array<Record<string, unknown>>,
): CsvMapping[] {
  const pairs = headers
    .flatMap((header) =>
      Object.keys(schema.properties).map((field) => ({ header, field, score: headerScore(header, field) })),
    )
    .filter((p) => p.score >= MIN_SCORE)
    .sort((x, y) => y.score - x.score);
  const usedHeaders = new Set<string>();
  const usedFields = new Set<string>();
  const chosen = new Map<string, string>();
  for (const { header, field } of pairs) {
    if (usedHeaders.has(header) || usedFields.has(field)) continue;
    usedHeaders.add(header);
    usedFields.add(field);
    chosen.set(header, field);
  }
  return headers.flatMap((header) => {
    const field = chosen.get(header);
    if (!field) return [];
    const mapping: CsvMapping = { csvHeader: header, schemaField: field, dataType: csvDataTypeOf(schema, field) };
    if (isListField(schema, field))
      mapping.splitCharacter = detectSplitCharacter(previewData.map((row) => String(row[header] ?? '')));
    return [mapping];
  });
}
