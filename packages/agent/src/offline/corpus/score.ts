// Scores a generated app against what a corpus case expects: entities found, fields with the right
// type, links between entities; and the house rules every generated app keeps.
import type { EntitySchema, PropertySchema } from '@tessera/contracts/entities';
import { snakeCase } from '../text';
import type { CorpusCase } from './descriptions';

export interface CaseScore {
  entities: { expected: number; found: number; missing: string[] };
  fields: { expected: number; found: number; missing: string[] };
  relations: { expected: number; found: number; missing: string[] };
}

/** The type of a stored property in the corpus notation. */
export function typeOf(key: string, p: PropertySchema, entities: Record<string, EntitySchema>): string {
  if (p.type === 'string' && key.endsWith('_id')) {
    const target = Object.keys(entities).find((n) => `${snakeCase(n)}_id` === key);
    if (target) return `>${target}`;
  }
  if (p.type === 'array') return 'tags';
  if (p.type === 'boolean') return 'boolean';
  if (p.type === 'integer') return 'integer';
  if (p.type === 'number') return /^Amount in [A-Z]{3}$/.test(p.description ?? '') ? 'money' : 'number';
  if (p.enum) return 'enum';
  if (p.format === 'uri') return 'url';
  if (p.format) return p.format === 'date-time' ? 'datetime' : p.format;
  if (/(^|_)(phone|mobile|telephone)(_number|_no)?$/.test(key)) return 'phone';
  return 'text';
}

const alternatives = (spec: string) => spec.split('|').map((s) => s.trim());

/** Compares one generated app with its case. */
export function scoreCase(expected: CorpusCase, entities: Record<string, EntitySchema>): CaseScore {
  const score: CaseScore = {
    entities: { expected: 0, found: 0, missing: [] },
    fields: { expected: 0, found: 0, missing: [] },
    relations: { expected: 0, found: 0, missing: [] },
  };
  // Expected entity names (with their alternatives) resolved to generated ones.
  const resolved = new Map<string, string | undefined>();
  for (const spec of Object.keys(expected.entities))
    resolved.set(
      alternatives(spec)[0]!,
      alternatives(spec).find((n) => entities[n]),
    );
  const entityOf = (spec: string) => resolved.get(alternatives(spec)[0]!);

  for (const [spec, fieldList] of Object.entries(expected.entities)) {
    const name = entityOf(spec);
    score.entities.expected++;
    if (name) score.entities.found++;
    else score.entities.missing.push(spec);
    const schema = name ? entities[name] : undefined;
    for (const field of fieldList.split(',').map((f) => f.trim())) {
      const [keys, type] = field.split(':') as [string, string];
      if (type.startsWith('>')) {
        score.relations.expected++;
        const target = resolved.get(type.slice(1)) ?? (entities[type.slice(1)] ? type.slice(1) : undefined);
        const linked =
          schema &&
          target &&
          Object.entries(schema.properties).some(([k, p]) => typeOf(k, p, entities) === `>${target}`);
        if (linked) score.relations.found++;
        else score.relations.missing.push(`${spec}${type}`);
        continue;
      }
      score.fields.expected++;
      const key = alternatives(keys).find((k) => schema?.properties[k]);
      const got = key ? typeOf(key, schema!.properties[key]!, entities) : undefined;
      const ok = got === type || (type === 'number' && got === 'integer');
      if (ok) score.fields.found++;
      else score.fields.missing.push(`${name ?? spec}.${keys}:${type}${got ? ` (got ${key}:${got})` : ''}`);
    }
  }
  return score;
}

// Words that only appear in a field name when a piece of the sentence was copied into it.
const SENTENCE_WORDS = new Set(
  'a an the and or but if whether they them their he she it its we our i my you your is are was were be been can could should would will who which what when where how that this these those there yes no to of in on for with from by linking link_to about each every some any all do does did has have having'.split(
    ' ',
  ),
);
const ALLOWED_PHRASES = /^(date_of_birth|place_of_birth)$/;

/** Why a field name reads like a piece of the sentence rather than a field, or null. */
export function sentencePieceIn(key: string): string | null {
  if (ALLOWED_PHRASES.test(key)) return null;
  const words = key.split('_').filter(Boolean);
  if (words.length > 4) return `"${key}" has ${words.length} words`;
  const bad = words.find((w) => SENTENCE_WORDS.has(w));
  if (bad && !(words.length > 1 && ['on', 'at', 'by', 'in', 'for'].includes(words.at(-1)!) && bad === words.at(-1)))
    return `"${key}" contains "${bad}"`;
  return null;
}
