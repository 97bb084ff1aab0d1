import type { EntitySchema } from '@tessera/contracts/entities';
import { KNOWN_ENTITIES } from './catalogue';
import { displayFieldOf, fieldSpecsOf } from './fields';
import { samplePicture } from './sample-pictures';
import { FIELD_VALUES, PEOPLE, PERSON_FIELDS, TITLES } from './sample-words';
import { humanize } from './text';
import { isPersonEntity } from './understand/access';

const ORDINALS = ['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth'];
const MONEY = [12.5, 40, 85, 150, 240, 19.99, 64, 310];
// Fields that come after a record's start: an end date, a check-out, a return, a due or expiry date.
const isLater = (key: string) =>
  /(^|_)(end|ends|ended|until|out|return|returned|due|expiry|expires|finished|closed|close|next)(_|$)/.test(key);

function addDays(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Distinct titles for `count` records of an entity: known ones, people's names, or "First lesson", … */
function titlesOf(entity: string, count: number): string[] {
  const known = KNOWN_ENTITIES[entity]?.samples ?? TITLES[entity];
  if (known?.length) return [...new Set(known)].slice(0, count);
  if (isPersonEntity(entity)) return PEOPLE.slice(0, count);
  return ORDINALS.slice(0, count).map((o) => `${o} ${humanize(entity)}`);
}

/**
 * Deterministic example records for an entity, valid against its schema: at most `count`, never two
 * with the same title, every value inside its field's choices and range. A text field without a
 * plausible value stays empty; references to other entities too (their ids are not known yet).
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
  const titles = titlesOf(entity, count);
  const rows: Array<Record<string, unknown>> = [];
  for (let i = 0; i < titles.length; i++) {
    const row: Record<string, unknown> = {};
    const title = titles[i]!;
    // One day per record, so its date, its time and its start and end agree.
    const day = ((i * 3) % 21) - 3;
    for (const f of fields) {
      const p = f.schema;
      const last = f.key.split('_').at(-1)!;
      switch (f.kind) {
        case 'relation':
        case 'json':
          break;
        case 'boolean':
          row[f.key] = i % 3 === 1;
          break;
        case 'number': {
          const isMoney = /^Amount in /.test(p.description ?? '');
          const min = p.minimum ?? 0;
          let value: number;
          if (/(^|_)year$/.test(f.key) && p.maximum === undefined) value = 2024 - ((i * 7) % 30);
          else if (isMoney) value = MONEY[i % MONEY.length]!;
          else {
            const max = p.maximum ?? min + 40;
            value = min + ((i * 7 + 3) % (Math.max(1, max - min) + 1));
          }
          if (p.maximum !== undefined) value = Math.min(value, p.maximum);
          row[f.key] = p.type === 'integer' ? Math.round(Math.max(min, value)) : Math.max(min, value);
          break;
        }
        case 'date':
          row[f.key] = addDays(today, /birth/.test(f.key) ? -9000 - i * 400 : day + (isLater(f.key) ? 7 : 0));
          break;
        case 'datetime':
          // The same day as the record's dates; an end, check-out or due time two hours after its start.
          row[f.key] =
            `${addDays(today, day)}T${String(9 + (i % 8) + (isLater(f.key) ? 2 : 0)).padStart(2, '0')}:00:00.000Z`;
          break;
        case 'email':
          row[f.key] = `${slug((PEOPLE[i % PEOPLE.length] ?? title).split(' ')[0]!)}@example.com`;
          break;
        case 'url':
          row[f.key] = `https://example.com/${slug(title)}`;
          break;
        case 'image':
          row[f.key] = samplePicture(title);
          break;
        case 'color':
          row[f.key] = ['#4f46e5', '#059669', '#ea580c', '#db2777', '#0891b2'][i % 5];
          break;
        case 'select':
          if (f.options.length) row[f.key] = p.enum![i % p.enum!.length];
          break;
        case 'tags': {
          const options = f.options.length ? f.options : ['favourite', 'new', 'shared', 'later'];
          row[f.key] = [...new Set([options[i % options.length], options[(i + 1) % options.length]])];
          break;
        }
        default: {
          let value: string | undefined;
          if (f.key === display) value = title;
          else if (/phone|mobile/.test(f.key)) value = `+1 555 01${String(10 + i).padStart(2, '0')}`;
          else if (FIELD_VALUES[f.key] ?? FIELD_VALUES[last])
            value = (FIELD_VALUES[f.key] ?? FIELD_VALUES[last])![i % 5];
          else if (PERSON_FIELDS.test(f.key)) value = PEOPLE[(i + 3) % PEOPLE.length];
          else if (f.required) value = `${title} ${f.label.toLowerCase()}`;
          if (value !== undefined) row[f.key] = p.maxLength !== undefined ? value.slice(0, p.maxLength) : value;
        }
      }
    }
    rows.push(row);
  }
  return rows;
}
