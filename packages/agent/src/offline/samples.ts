import type { EntitySchema } from '@tessera/contracts';
import { KNOWN_ENTITIES } from './catalogue';
import { displayFieldOf, fieldSpecsOf } from './fields';
import { humanize, labelOf } from './text';

const WORDS = [
  'Alpha',
  'Bravo',
  'Cedar',
  'Delta',
  'Ember',
  'Fjord',
  'Grove',
  'Harbor',
  'Iris',
  'Juniper',
  'Kestrel',
  'Lumen',
];
const PEOPLE = [
  'Ada Lovelace',
  'Grace Hopper',
  'Alan Turing',
  'Katherine Johnson',
  'Linus Pauling',
  'Mary Jackson',
  'Tim Berners-Lee',
  'Hedy Lamarr',
];
const IMAGES = [
  'https://images.unsplash.com/photo-1490474418585-ba9bad8fd0ea?w=400',
  'https://images.unsplash.com/photo-1504674900247-0877df9cc836?w=400',
  'https://images.unsplash.com/photo-1519681393784-d120267933ba?w=400',
];

function addDays(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Deterministic example records for an entity, valid against its schema. References to other
 * entities are left empty (their ids are not known until those records exist).
 */
export function sampleRecords(
  entity: string,
  schema: EntitySchema,
  count: number,
  today: string,
  entityNames: readonly string[],
): Array<Record<string, unknown>> {
  const fields = fieldSpecsOf(schema, entityNames);
  const display = displayFieldOf(schema);
  const titles = KNOWN_ENTITIES[entity]?.samples ?? [];
  const rows: Array<Record<string, unknown>> = [];
  for (let i = 0; i < count; i++) {
    const row: Record<string, unknown> = {};
    for (const f of fields) {
      const p = f.schema;
      const word = WORDS[i % WORDS.length]!;
      switch (f.kind) {
        case 'relation':
        case 'json':
          break;
        case 'boolean':
          row[f.key] = i % 3 === 1;
          break;
        case 'number': {
          const min = p.minimum ?? 0;
          const max = p.maximum ?? (/(price|amount|cost|total|value|salary|budget|limit)/.test(f.key) ? 250 : 40);
          const span = Math.max(1, max - min);
          row[f.key] =
            /(^|_)year$/.test(f.key) && p.maximum === undefined
              ? 1985 + ((i * 7) % 40)
              : min + ((i * 7 + 3) % (span + 1));
          break;
        }
        case 'date':
          row[f.key] = addDays(today, ((i * 3) % 21) - 3);
          break;
        case 'datetime':
          row[f.key] = `${addDays(today, (i * 2) % 14)}T${String(9 + (i % 8)).padStart(2, '0')}:00:00.000Z`;
          break;
        case 'email':
          row[f.key] = `${(PEOPLE[i % PEOPLE.length] ?? word).split(' ')[0]!.toLowerCase()}@example.com`;
          break;
        case 'url':
          row[f.key] = `https://example.com/${word.toLowerCase()}`;
          break;
        case 'image':
          row[f.key] = IMAGES[i % IMAGES.length];
          break;
        case 'color':
          row[f.key] = ['#4f46e5', '#059669', '#ea580c', '#db2777'][i % 4];
          break;
        case 'select':
          if (f.options.length) row[f.key] = p.enum![i % p.enum!.length];
          break;
        case 'tags': {
          const options = f.options.length ? f.options : ['important', 'personal', 'work', 'later'];
          row[f.key] = [options[i % options.length], options[(i + 1) % options.length]].filter(
            (v, k, all) => all.indexOf(v) === k,
          );
          break;
        }
        default: {
          if (f.key === display) {
            row[f.key] = titles[i % Math.max(titles.length, 1)] ?? `${labelOf(humanize(entity))} ${i + 1}`;
            if (titles.length && i >= titles.length)
              row[f.key] = `${titles[i % titles.length]} ${Math.floor(i / titles.length) + 1}`;
          } else if (/(^|_)(name|author|teacher|interviewer|client|owner|assignee)$/.test(f.key)) {
            row[f.key] = PEOPLE[(i + 2) % PEOPLE.length];
          } else if (/phone|mobile/.test(f.key)) {
            row[f.key] = `+1 555 01${String(10 + i).padStart(2, '0')}`;
          } else if (f.kind === 'longtext') {
            row[f.key] =
              `Example ${f.label.toLowerCase()} for ${String(row[display ?? ''] ?? `${humanize(entity)} ${i + 1}`)}.`;
          } else {
            row[f.key] = `${word} ${f.label.toLowerCase()}`;
          }
          if (p.maxLength !== undefined && typeof row[f.key] === 'string')
            row[f.key] = (row[f.key] as string).slice(0, p.maxLength);
        }
      }
    }
    rows.push(row);
  }
  return rows;
}
