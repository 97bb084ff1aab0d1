// Reads a description into a plan: the entities it names, their typed fields, the links between
// them, who may see them, and what was left out. Keyword templates only fill in what is not said.
import type { EntityPermissions } from '@tessera/contracts/entities';
import { KNOWN_ENTITIES, type AppKind } from '../catalogue';
import { appKindOf, entityNameOf, genericNoun, knownFields } from '../describe';
import { displayFieldOf, splitList, type InferredField } from '../fields';
import { pascalCase, singularize, snakeCase } from '../text';
import { CURRENCIES, fieldFromPhrase } from './field-phrase';
import { mentionedEntities, relationsOf } from './relations';
import { listedSegments } from './listed';
import { isHeadWord, segmentsOf } from './segments';
import { accessOf, isPersonEntity } from './access';

export interface EntityPlan {
  name: string;
  fields: InferredField[];
  /** Where the entity came from: fields written out, only mentioned, a join, or the app kind's template. */
  source: 'described' | 'mentioned' | 'join' | 'template';
  permissions: EntityPermissions;
}

export interface AppPlan {
  kind: AppKind | null;
  entities: EntityPlan[];
  currency: string;
  /** Links in words ("Deal → Contact"). */
  links: string[];
  /** Parts of the description the builder did not turn into anything, in the user's words. */
  leftOut: string[];
  /** Fields added because every record needs them (a title), as "Entity.field". */
  added: string[];
  shared: boolean;
}

/** Splits a field list on commas, "and", ";" and "&" (never on "/" or "or", which join yes/no and choices). */
export function fieldPieces(list: string): string[] {
  const pieces = splitList(list.replace(/\bdate and time\b/gi, 'date-and-time'), /^(,|;|\band\b|&)/i).map((p) =>
    p.replace(/date-and-time/gi, 'date and time'),
  );
  // "stage: lead, qualified, won" — the choices after a colon run on until a piece that reads as a field.
  const out: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const colon = /^([^:]+):\s*(.+)$/.exec(piece);
    if (!colon) {
      out.push(piece);
      continue;
    }
    const options = [colon[2]!];
    // "stage: new/exploring/done, owner": choices written with slashes are all there.
    while (!colon[2]!.includes('/') && i + 1 < pieces.length && isOption(pieces[i + 1]!)) options.push(pieces[++i]!);
    out.push(`${colon[1]} (${options.join(', ')})`);
  }
  return out;
}

const FIELDISH =
  /\b(name|title|date|email|phone|price|cost|fee|amount|notes?|description|address|time|photo|image|link|url|number|count|per|yes\/no)\b/i;
const isOption = (piece: string) => piece.split(/\s+/).length <= 3 && !FIELDISH.test(piece) && !/[()]/.test(piece);

/** The currency a description writes amounts in (US dollars unless it says otherwise). */
export function currencyOf(text: string): string {
  return CURRENCIES.find(([p]) => p.test(text))?.[1] ?? 'USD';
}

// Head nouns too vague to name an entity alone: "time entries", "gift ideas", "checklist items".
const VAGUE_HEADS =
  /^(entry|entries|item|items|idea|ideas|record|records|list|lists|log|logs|card|cards|info|detail|details|hire|hires|lines?|slips?|ins|ups)$/i;

function nameOfNoun(noun: string): string | null {
  // "check-ins", "sign-ups": the hyphenated words are one name (CheckIn), never the last piece alone.
  if (/^[a-z]+(?:-[a-z]+)+$/i.test(noun.trim())) return entityNameOf(pascalCase(noun.trim()));
  const words = noun.trim().split(/\s+/);
  // "freelance projects" is a Project, "household chores" a Chore; "time entries" stays a TimeEntry.
  if (words.length > 1 && !VAGUE_HEADS.test(words.at(-1)!)) return entityNameOf(words.at(-1)!);
  const name = entityNameOf(noun);
  // "order lines" is an OrderLine even when its first word can be read as a verb.
  if (words.length > 1 && name === entityNameOf(words.at(-1)!) && /^[a-z]+$/i.test(words.at(-2)!))
    return entityNameOf(pascalCase(words.slice(-2).join(' ')));
  return name;
}

/** The plan for a first description. */
export function understand(text: string): AppPlan {
  const currency = currencyOf(text);
  let kind = appKindOf(text);
  const listed = listedSegments(
    text.replace(
      /\b(?:with\s+)?(?:some\s+)?(?:sample|example|demo|dummy|test)\s+(?:data|records?|entries|content|rows)\b/gi,
      '',
    ),
  );
  const found = segmentsOf(listed.rest);
  // Entities in the order the description names them, whichever reader found them.
  const at = (s: { noun: string; list: string }) =>
    text.toLowerCase().indexOf((s.list.trim().slice(0, 24) || s.noun).toLowerCase()) >>> 0;
  const segments = [...listed.segments, ...found.segments].sort((a, b) => at(a) - at(b));
  const linkPhrases = [...listed.links, ...found.links];
  const plans: EntityPlan[] = [];
  const leftOut: string[] = [];
  const added: string[] = [];
  const get = (name: string, source: EntityPlan['source']) => {
    let plan = plans.find((p) => p.name === name);
    if (!plan) plans.push((plan = { name, fields: [], source, permissions: { read: 'creator', write: 'creator' } }));
    return plan;
  };
  const lists: Array<{ name: string; list: string }> = [];
  const nounOf = new Map<string, string>();
  for (const s of segments) {
    let noun = s.noun;
    // "the things I buy: item, store, …": a vague noun gives way to the first field when that names the thing.
    if (/^(things?|stuff|entries|records?)$/i.test(noun) && /^\s*(item|product|purchase)\b/i.test(s.list))
      noun = s.list.trim().split(/[\s,]+/)[0]!;
    // "a mood journal with date, mood …": the app's own name stands for its main record.
    const explicit = listed.segments.includes(s);
    let name = isHeadWord(noun) && !explicit ? (kind?.entities[0] ?? null) : nameOfNoun(noun);
    // A noun written as an entity of its own ("Properties - address, …") keeps its name even when
    // the word alone would not make one.
    if (!name && explicit && /^[a-z]+$/i.test(noun.trim())) name = pascalCase(singularize(noun.trim()));
    // "episode guests" beside "guests" is a record of its own: EpisodeGuest, not a second Guest.
    const words = noun.trim().split(/\s+/);
    const taken = nounOf.get(name ?? '');
    if (name && taken && taken !== noun.toLowerCase() && words.length > 1)
      name = entityNameOf(pascalCase(words.slice(-2).join(' '))) ?? name;
    if (!name) continue;
    nounOf.set(name, noun.toLowerCase());
    get(name, 'described');
    lists.push({ name, list: s.list });
  }
  // Entities written out without the kind's main one make it another app ("clients (name, …)" is no appointment book).
  if (kind && plans.length && !plans.some((p) => p.name === kind!.entities[0])) kind = null;
  for (const name of mentionedEntities(text)) get(name, 'mentioned');
  if (plans.length === 0) {
    for (const name of kind?.entities ?? []) get(name, 'template');
    if (plans.length === 0) get(genericName(text) ?? 'Item', 'template');
  }
  const names = () => plans.map((p) => p.name);
  for (const { name, list } of lists) {
    const plan = get(name, 'described');
    for (const piece of fieldPieces(list)) {
      const read = fieldFromPhrase(
        piece,
        names().filter((n) => n !== name),
        currency,
      );
      if ('skipped' in read) leftOut.push(read.skipped);
      else {
        // "goal name" on a Goal is its name.
        const own = `${snakeCase(name)}_`;
        if (read.field.key.startsWith(own) && !read.field.key.endsWith('_id'))
          read.field.key = read.field.key.slice(own.length);
        if (!plan.fields.some((f) => f.key === read.field.key)) plan.fields.push(read.field);
      }
    }
  }
  for (const plan of plans)
    if (plan.fields.length === 0 && KNOWN_ENTITIES[plan.name]) plan.fields = knownFields(plan.name, names());

  const { relations, joins } = relationsOf(text, names());
  // Templates as hints: a Task of an app that has Projects belongs to one.
  for (const plan of plans) {
    const known = KNOWN_ENTITIES[plan.name]?.fields ?? '';
    for (const other of names())
      if (other !== plan.name && new RegExp(`(^|, )${snakeCase(other).replace(/_/g, ' ')}(,|$)`).test(known))
        relations.push({ child: plan.name, parent: other });
  }
  for (const l of linkPhrases) {
    const child = nameOfNoun(l.noun);
    for (const w of [l.from, l.to]) {
      const parent = [nameOfNoun(w), pascalCase(singularize(w))].find((n) => n && names().includes(n));
      if (child && parent && names().includes(parent)) relations.push({ child, parent });
    }
  }
  for (const j of joins) {
    const plan = get(j.name, 'join');
    plan.fields.push(
      ...fieldPieces(j.fields).flatMap((p) => {
        const read = fieldFromPhrase(p, [], currency);
        return 'field' in read ? [read.field] : [];
      }),
    );
    relations.push({ child: j.name, parent: j.left }, { child: j.name, parent: j.right });
  }
  const links: string[] = [];
  for (const { child, parent } of relations) {
    const plan = plans.find((p) => p.name === child);
    const key = `${snakeCase(parent)}_id`;
    if (!plan || plan.fields.some((f) => f.key === key)) continue;
    plan.fields.push({ key, schema: { type: 'string' }, required: false });
    links.push(`${child} → ${parent}`);
  }
  for (const plan of plans) ensureTitle(plan, added);
  const shared = accessOf(text, plans);
  leftOut.push(...unsupportedFeatures(text));
  return { kind, entities: plans, currency, links, leftOut, added, shared };
}

function ensureTitle(plan: EntityPlan, added: string[]): void {
  const schema = {
    type: 'object' as const,
    properties: Object.fromEntries(plan.fields.map((f) => [f.key, f.schema])),
    'x-accessControl': { permissions: plan.permissions },
  };
  const display = displayFieldOf(schema);
  const isTitle =
    display &&
    plan.fields.find(
      (f) =>
        f.key === display && f.schema.type === 'string' && !f.schema.format && !f.schema.enum && !/_id$/.test(f.key),
    );
  if (
    isTitle &&
    /(name|title|subject|label|headline|description|album|item|destination|question|address|opponent|origin|company|role)$/.test(
      display!,
    )
  ) {
    isTitle.required = true;
    return;
  }
  const key = isPersonEntity(plan.name) ? 'name' : 'title';
  // Only the app kind's own template makes its title required: a title added beside fields the user
  // wrote is there for lists to name the record, not a field the user asked for.
  plan.fields.unshift({ key, schema: { type: 'string' }, required: plan.source === 'template' });
  added.push(`${plan.name}.${key}`);
}

function genericName(text: string): string | null {
  const lower = text.toLowerCase();
  const heads =
    /\b([a-z]+)\s+(?:tracker|manager|app|log|list|catalog|catalogue|planner|organi[sz]er|database|collection|directory|inventory|reminders)\b/g;
  for (const m of lower.matchAll(heads)) {
    const name = entityNameOf(m[1]!);
    if (name && !/^(App|Simple|Basic|Little|Small|New|Personal|Daily|Weekly)$/.test(name)) return name;
  }
  return genericNoun(lower);
}

// Things a description may ask for that generated apps cannot do without an AI provider or code.
const FEATURES: Array<[RegExp, string]> = [
  [/\b(remind(?:er)?s?|notif(?:y|ications?)|alerts?)\b/i, 'reminders or notifications'],
  [/\b(e-?mail (?:me|them|the|a)|send (?:an? )?e-?mails?|text (?:me|them))\b/i, 'sending messages'],
  [/\b(pay online|online payments?|checkout|stripe|paypal)\b/i, 'online payments'],
  [/\b(maps?|directions to)\b/i, 'a map'],
  [/\b(export|pdf|print(?:able)?)\b/i, 'exports or printing'],
  [/\b(sign in with|log ?in with|google|sso)\b/i, 'sign-in providers'],
];

function unsupportedFeatures(text: string): string[] {
  return FEATURES.filter(([p]) => p.test(text)).map(([, what]) => what);
}
