// One handler per kind of follow-up request. Each reads a clause, changes the turn's working model
// (schemas, pages, theme, name, records) and notes what it did; it returns false when the clause is
// not its kind, so the next handler gets a try.
import { ACCESS_LEVELS, MAX_ENTITY_PROPERTIES, type AccessLevel } from '@tessera/contracts';
import { boardPageOf, pagesOf, type AppModel, type ExtraPage } from './app-model';
import { KNOWN_ENTITIES } from './catalogue';
import { entityNameOf, explicitEntitiesOf, schemaOf, themeRequestOf } from './describe';
import { splitList, type InferredField } from './fields';
import { describeType } from './prose';
import { addBoardField, boardFieldOf, boardPage, renderAppFiles } from './render';
import { sampleRecords } from './samples';
import { COLOR_WORDS, PALETTES, describeColor, paletteOf } from './theme';
import { humanize, labelOf, listJoin, pascalCase, pluralize, singularize, snakeCase, titleCase, wordsOf } from './text';
import {
  defaultEntity,
  findEntity,
  matchField,
  parseFields,
  touchEntity,
  withoutEntityWords,
  type TurnState,
} from './turn-state';

const PAGE_KINDS: Array<[RegExp, ExtraPage['kind'], string]> = [
  [/^(about|about us|about the app)$/, 'about', 'About'],
  [/^(calendar|agenda|schedule|upcoming)$/, 'calendar', 'Calendar'],
  [/^(statistics|stats|statistic|insights|analytics|reports?|charts?|summary)$/, 'statistics', 'Statistics'],
];

const ACCESS_WORDS: Array<[RegExp, { read: AccessLevel; write: AccessLevel }, string]> = [
  [
    /\b(anyone|everyone|anonymous|visitors?|the public|not signed in|without (?:an )?account)\b/,
    { read: 'anonymous', write: 'admin' },
    'anyone, even visitors who are not signed in, can read them; only admins change them',
  ],
  [
    /\b(public|shared|all users|every user|visible to (?:all|every)\w*)\b/,
    { read: 'all', write: 'creator' },
    'every signed-in user can read them; each record is changed only by whoever created it',
  ],
  [
    /\b(admins? only|only admins?|admin-only)\b/,
    { read: 'admin', write: 'admin' },
    'only admins can read and change them',
  ],
  [
    /\b(private|only (?:me|the creator|their creator|the owner)|personal)\b/,
    { read: 'creator', write: 'creator' },
    'each user only sees and changes the records they created',
  ],
];

// Features, not records: never turned into entities.
const FEATURE_WORDS =
  /\b(log ?in|logins?|sign[ -]?(in|up|on)|auth(?:entication|ori[sz]ation)?|password|search|sort\w*|filter\w*|pagination|export|import|notifications?|dark mode|theme|colou?rs?|buttons?|logo|footer|header|menu|sidebar|navigation|nav)\b/i;

/** An error report from the builder ("… please help me fix these errors"). */
export function isErrorReport(text: string): boolean {
  return /\b(fix|repair|resolve)\b[^.]*\berrors?\b|\bhelp me fix\b/i.test(text);
}

/** "Fix these errors" rewrites the generated files the report names; "regenerate the task pages" rewrites one entity's pages. */
function handleFixErrors(state: TurnState, clause: string, lower: string): boolean {
  const isRegenerate =
    /\b(regenerate|rebuild|refresh|resync|sync)\b.*\b(pages?|app|everything|ui|screens?|files?)\b/.test(lower);
  if (!isErrorReport(clause) && !isRegenerate) return false;
  const generated = renderAppFiles(state.model);
  if (!isErrorReport(clause)) {
    const target = findEntity(
      state.model,
      lower.replace(/\b(regenerate|rebuild|refresh|resync|sync|the|pages?)\b/g, ' '),
    );
    if (target) {
      target.hasPages = true;
      touchEntity(state, target.name);
      state.touched.add('layout.jsx');
      state.navChanged = true;
      state.titles.push(`Regenerate the ${humanize(target.name)} pages`);
      state.done.push(
        `Regenerated the ${humanize(target.name)} pages from its current fields (fields added in the database panel are included).`,
      );
      return true;
    }
  }
  // Only the files the errors name, when they are files this builder knows how to write.
  const named = [
    ...clause.matchAll(
      /(?:^|[\s"'`(])((?:pages|components|services)\/[\w/.-]+\.(?:jsx|js|tsx|ts)|layout\.jsx|globals\.css|app\.json)\b/g,
    ),
  ].map((m) => m[1]!);
  const fixable = [...new Set(named)].filter((path) => path in generated);
  const paths = fixable.length ? fixable : Object.keys(generated);
  for (const path of paths) state.touched.add(path);
  state.navChanged = true;
  if (fixable.length) {
    state.titles.push(`Rewrite ${listJoin(fixable)}`);
    state.done.push(
      `Rewrote ${listJoin(fixable.map((p) => `**${p}**`))} from the current entity schemas, replacing the broken code with a known-good version. Your data is untouched.`,
    );
  } else {
    state.titles.push('Regenerate the app from its entities');
    state.done.push(
      'Rewrote the pages, layout and shared components from the current entity schemas, which replaces any broken code with a known-good version. Your data is untouched.',
    );
  }
  return true;
}

/** "Add some sample tasks": deterministic records valid against the schema. */
function handleSeed(state: TurnState, _clause: string, lower: string): boolean {
  if (!/\b(sample|example|demo|test|fake|dummy|seed|placeholder|mock)\b/.test(lower)) return false;
  if (!/\b(add|create|generate|insert|populate|fill|seed|give|put|make)\b/.test(lower)) return false;
  const count = Math.min(
    20,
    Math.max(1, Number(/\b(\d{1,2})\b/.exec(lower)?.[1] ?? (/\b(a few|couple)\b/.test(lower) ? 3 : 5))),
  );
  const stripped = lower.replace(
    /\b(sample|example|demo|test|fake|dummy|seed|placeholder|mock|data|records?|entries|rows|some|a few|add|create|generate|insert|populate|with|fill|the|app|\d+)\b/g,
    ' ',
  );
  const target = findEntity(state.model, stripped);
  const names = state.model.entities.map((e) => e.name);
  const targets = target ? [target] : state.model.entities.filter((e) => e.hasPages);
  if (targets.length === 0) return false;
  for (const t of targets) {
    state.records.push({ entity: t.name, records: sampleRecords(t.name, t.schema, count, state.today, names) });
  }
  const what = listJoin(targets.map((t) => humanize(pluralize(t.name))));
  state.titles.push(`Add sample ${what}`);
  state.done.push(
    `Added ${count} sample ${targets.length === 1 ? what : `records each to ${what}`}${targets.some((t) => Object.keys(t.schema.properties).some((k) => k.endsWith('_id'))) ? ' (links between records are left empty for you to set)' : ''}.`,
  );
  return true;
}

/** "Rename the app to Focus": app.json and the layout title. */
function handleRename(state: TurnState, clause: string): boolean {
  const m =
    /\b(?:rename|call)\s+(?:the\s+|my\s+|this\s+)?(?:app|application|it|project|site)\s+(?:to\s+|as\s+)?["“'‘]?(.+?)["”'’]?$/i.exec(
      clause,
    ) ??
    /\b(?:change|set|update|make)\s+(?:the\s+)?(?:app(?:'s)?\s+|application\s+)?(?:name|title)\s+(?:to|as|into)\s+["“'‘]?(.+?)["”'’]?$/i.exec(
      clause,
    ) ??
    /\bname\s+(?:it|the app|this app)\s+["“'‘]?(.+?)["”'’]?$/i.exec(clause) ??
    /\bthe app (?:should be|is) (?:called|named)\s+["“'‘]?(.+?)["”'’]?$/i.exec(clause);
  if (!m) return false;
  let name = m[1]!.trim().replace(/\s+/g, ' ').slice(0, 60);
  if (!name) return false;
  if (name === name.toLowerCase()) name = titleCase(name);
  const old = state.model.name;
  state.renamedFrom ??= old;
  state.model.name = name;
  state.touched.add('app.json');
  state.touched.add('layout.jsx');
  for (const page of state.model.extraPages)
    if (page.kind !== 'statistics') state.touched.add(`pages/${page.name}.jsx`);
  state.titles.push(`Rename the app to ${name}`);
  state.done.push(`Renamed the app from ${old} to **${name}** (app.json and the navigation title).`);
  return true;
}

/** "Make it dark", "use green", "#ff6600": globals.css only. */
function handleTheme(state: TurnState, _clause: string, lower: string): boolean {
  if (
    !/\b(make|use|change|switch|set|turn|colou?rs?|theme|dark|light|primary|accent|look|style|palette)\b|#[0-9a-f]{3}/.test(
      lower,
    )
  )
    return false;
  const request = themeRequestOf(lower);
  if (!request.mode && !request.primary && /\b(make|change|use|set|switch|turn|paint)\b/.test(lower)) {
    // "make the header purple": a colour word anywhere in a change request.
    const word = COLOR_WORDS.find((w) => new RegExp(`\\b${w}\\b`).test(lower));
    if (word) request.primary = PALETTES[paletteOf(word)!];
    else if (/\b(colou?rs?|theme|palette|look)\b/.test(lower)) {
      state.done.push(
        `Happy to — which colour? For example "use green", "make it dark" or "change the primary colour to #ff6600". Named colours: ${Object.keys(PALETTES).join(', ')}.`,
      );
      return true;
    }
  }
  if (!request.mode && !request.primary) return false;
  const theme = state.model.theme;
  const changes: string[] = [];
  if (request.mode && request.mode !== theme.mode) {
    theme.mode = request.mode;
    changes.push(`a ${request.mode} theme`);
  }
  if (request.primary && request.primary !== theme.primary) {
    theme.primary = request.primary;
    changes.push(`${describeColor(request.primary)} as the primary colour`);
  }
  state.touched.add('globals.css');
  if (changes.length === 0) {
    state.done.push(
      `The app already uses ${request.mode ? `a ${theme.mode} theme` : `${describeColor(theme.primary)} as its primary colour`}.`,
    );
    state.titles.push('Keep the theme');
    return true;
  }
  state.titles.push(`Switch to ${listJoin(changes)}`);
  state.done.push(
    `Switched to ${listJoin(changes)}. Every page uses the colours in globals.css, so the whole app follows.`,
  );
  return true;
}

/** "Add a priority field to tasks", "tasks should have notes", "give projects a colour". */
function handleAddField(state: TurnState, clause: string, _lower: string): boolean {
  const { model } = state;
  let fieldsText: string | undefined;
  let target: AppModel['entities'][number] | undefined;
  // "add a cuisine field with italian, mexican and indian (to recipes)" / "add a mood field (great, ok, bad)".
  const choices =
    /\badd\s+(?:a\s+|an\s+)?([a-z][a-z ]*?)\s+(?:field|column|property)\s*(?:with\s+(?:the\s+)?(?:values|options|choices)?\s*:?\s*|\(|:\s*)(.+?)\)?(?:\s+(?:to|on|for|in)\s+(?:the\s+|my\s+|all\s+)?([a-z][a-z ]*))?$/i.exec(
      clause,
    );
  if (choices && splitList(choices[2]!).length >= 2) {
    const entity = choices[3] ? findEntity(model, choices[3]) : defaultEntity(model);
    if (entity)
      return handleAddField(
        state,
        `add ${choices[1]} (${splitList(choices[2]!).join(', ')}) to ${humanize(pluralize(entity.name))}`,
        '',
      );
  }
  const patterns: Array<[RegExp, number, number]> = [
    [
      /\badd\s+(?:a\s+|an\s+|the\s+|some\s+)?(.+?)\s+(?:fields?|columns?|property|properties|attributes?)\s+(?:to|on|for|in)\s+(?:the\s+|my\s+|each\s+|every\s+|all\s+)?(.+)$/i,
      1,
      2,
    ],
    [
      /\b(?:add|include|store|track)\s+(?:a\s+|an\s+|the\s+|some\s+)?(.+?)\s+(?:to|on|for|in)\s+(?:the\s+|my\s+|each\s+|every\s+|all\s+)?(.+)$/i,
      1,
      2,
    ],
    [
      /^(?:the\s+|my\s+|each\s+|every\s+|all\s+)?(.+?)\s+(?:should|must|need to|needs to|could|can)\s+(?:also\s+)?(?:have|include|get|store|track|show)\s+(?:a\s+|an\s+|the\s+|some\s+)?(.+)$/i,
      2,
      1,
    ],
    [
      /^(?:the\s+|my\s+|each\s+|every\s+|all\s+)?(.+?)\s+(?:also\s+)?(?:need|needs|require|requires|want|wants)\s+(?:a\s+|an\s+|the\s+|some\s+)?(.+)$/i,
      2,
      1,
    ],
    [/\bgive\s+(?:the\s+|each\s+|every\s+|all\s+)?(.+?)\s+(?:a\s+|an\s+)(.+)$/i, 2, 1],
    [/\badd\s+(?:a\s+|an\s+|the\s+)?(.+?)\s+(?:fields?|columns?|property|properties)$/i, 1, 0],
  ];
  for (const [pattern, fi, ei] of patterns) {
    const m = pattern.exec(clause);
    if (!m) continue;
    const entity = ei ? findEntity(model, m[ei]!) : defaultEntity(model);
    if (!entity) continue;
    // "add a page to ..." or "add contacts" are not fields.
    if (/\bpage\b/.test(m[fi]!) || /\b(entity|table)\b/.test(m[fi]!)) return false;
    fieldsText = m[fi]!;
    target = entity;
    break;
  }
  if (!target || fieldsText === undefined) return false;
  const fields = parseFields(fieldsText, model, target.name);
  if (fields.length === 0) return false;
  const added: string[] = [];
  const existing: string[] = [];
  for (const f of fields) {
    if (Object.keys(target.schema.properties).length >= MAX_ENTITY_PROPERTIES) break;
    if (f.key in target.schema.properties) {
      existing.push(labelOf(f.key).toLowerCase());
      continue;
    }
    target.schema.properties[f.key] = f.schema;
    if (f.required) target.schema.required = [...(target.schema.required ?? []), f.key];
    added.push(`**${f.key}** (${describeType(f.key, f.schema)})`);
  }
  const plural = humanize(pluralize(target.name));
  if (added.length === 0) {
    state.titles.push(`Keep ${plural} as they are`);
    state.done.push(`${pascalCase(target.name)} already has ${listJoin(existing)}.`);
    return true;
  }
  if (!target.hasPages) {
    // The entity had no pages (written by hand or removed earlier): it gets them, and a nav link.
    target.hasPages = true;
    state.touched.add('layout.jsx');
    state.navChanged = true;
  }
  touchEntity(state, target.name);
  state.titles.push(
    `Add ${listJoin(fields.filter((f) => !existing.includes(labelOf(f.key).toLowerCase())).map((f) => labelOf(f.key).toLowerCase()))} to ${plural}`,
  );
  state.done.push(
    `Added ${listJoin(added)} to ${target.name} and updated its list, detail and form pages${existing.length ? ` (${listJoin(existing)} already existed)` : ''}.`,
  );
  return true;
}

/** "Remove the due date from tasks"; stored values stay in the database. */
function handleRemoveField(state: TurnState, clause: string): boolean {
  const { model } = state;
  const patterns: Array<[RegExp, number, number]> = [
    [
      /\b(?:remove|delete|drop|get rid of|hide)\s+(?:the\s+)?(.+?)\s+(?:fields?|columns?|property|properties)\s+(?:from|on|of|in)\s+(?:the\s+)?(.+)$/i,
      1,
      2,
    ],
    [/\b(?:remove|delete|drop|get rid of)\s+(?:the\s+)?(.+?)\s+(?:from|on|of|in)\s+(?:the\s+|all\s+)?(.+)$/i, 1, 2],
    [
      /^(?:the\s+)?(.+?)\s+(?:don't|do not|doesn't|does not|no longer|shouldn't|should not)\s+(?:need|have|need to have)\s+(?:a\s+|an\s+|the\s+)?(.+)$/i,
      2,
      1,
    ],
    [/\b(?:remove|delete|drop|get rid of)\s+(?:the\s+)?(.+?)\s+(?:fields?|columns?|property|properties)$/i, 1, 0],
  ];
  for (const [pattern, fi, ei] of patterns) {
    const m = pattern.exec(clause);
    if (!m) continue;
    const candidates = ei ? [findEntity(model, m[ei]!)].filter((e) => e !== undefined) : model.entities;
    const phrases = splitList(m[fi]!);
    for (const entity of candidates) {
      const keys = phrases.map((p) => matchField(entity.schema, p)).filter((k): k is string => k !== undefined);
      if (keys.length === 0 || keys.length !== phrases.length) continue;
      for (const key of keys) delete entity.schema.properties[key];
      const required = (entity.schema.required ?? []).filter((r) => !keys.includes(r));
      if (required.length) entity.schema.required = required;
      else delete entity.schema.required;
      touchEntity(state, entity.name);
      const labels = keys.map((k) => labelOf(k).toLowerCase());
      state.titles.push(`Remove ${listJoin(labels)} from ${humanize(pluralize(entity.name))}`);
      state.done.push(
        `Removed ${listJoin(keys.map((k) => `**${k}**`))} from ${entity.name} and its pages. Values already stored stay in the database, hidden.`,
      );
      return true;
    }
    if (/\b(fields?|columns?|property|properties)\b/i.test(clause) && candidates.length) {
      const where = candidates.length === 1 ? candidates[0]!.name : 'any entity';
      state.done.push(
        `I couldn't find a field called "${m[fi]!.trim()}" on ${where}. ${candidates.map((e) => `${e.name} has ${listJoin(Object.keys(e.schema.properties))}`).join('; ')}.`,
      );
      return true;
    }
  }
  return false;
}

/** "Remove projects": its pages and nav link go, its schema and records stay. */
function handleRemoveEntity(state: TurnState, clause: string): boolean {
  const m =
    /\b(?:remove|delete|drop|get rid of)\s+(?:the\s+|all\s+|my\s+)?(.+?)(?:\s+(?:entity|entities|table|section|pages?|feature|model|tab))?$/i.exec(
      clause,
    );
  if (!m) return false;
  const entity = findEntity(state.model, m[1]!);
  if (!entity || !entity.hasPages) return false;
  entity.hasPages = false;
  const p = pagesOf(entity.name);
  for (const page of [p.list, p.detail, p.form]) state.deleted.add(`pages/${page}.jsx`);
  touchEntity(state, entity.name);
  state.touched.add('layout.jsx');
  state.navChanged = true;
  if ([p.list, p.detail, p.form].includes(state.model.mainPage)) {
    state.model.mainPage = 'Home';
    state.touched.add('app.json');
  }
  state.titles.push(`Remove ${humanize(pluralize(entity.name))}`);
  state.done.push(
    `Removed the ${humanize(entity.name)} pages and their navigation link. The ${entity.name} records are kept in the database (the data panel still shows them), so you can bring the pages back with "bring back ${humanize(pluralize(entity.name))}".`,
  );
  return true;
}

/** "Add a Contacts entity with name and email", "add projects" (also brings removed pages back). */
function handleAddEntity(state: TurnState, request: string): boolean {
  // "add the check-ins back", "bring back projects", "restore the task pages" all mean "add X".
  const clause = request
    .replace(/([a-z])-([a-z])/gi, '$1 $2')
    .replace(/^(?:please\s+)?(?:bring\s+back|restore|re-?add|show\s+again)\s+/i, 'add ')
    .replace(/\s+(?:back|again|too|as well)\s*$/i, '')
    .replace(/\s+(?:pages?|screens?)\s*$/i, '');
  const m =
    /\b(?:add|create|include|track|new)\s+(?:an?\s+|the\s+|some\s+)?(?:new\s+)?(.+?)\s+(?:entity|entities|table|model|section|collection|data type)\b\s*(.*)$/i.exec(
      clause,
    ) ??
    /\b(?:add|create|track|manage)\s+(?:an?\s+|the\s+|some\s+)?(?:new\s+)?([A-Za-z]+(?:\s[A-Za-z]+)?)\s*((?:\(|with\b|:|having\b).*)?$/i.exec(
      clause,
    ) ??
    /\b(?:i|we)\s+(?:also\s+)?(?:want|need)\s+to\s+(?:track|manage|store)\s+([A-Za-z]+(?:\s[A-Za-z]+)?)\s*((?:\(|with\b|:).*)?$/i.exec(
      clause,
    );
  if (!m) return false;
  const name = entityNameOf(m[1]!);
  if (!name) return false;
  const rest = (m[2] ?? '').trim();
  const existing = state.model.entities.find((e) => e.name === name);
  // Without the word "entity", only a plural noun or a known kind of record is a new entity:
  // "add contacts" is, "add user login with google" is not.
  const saysEntity = /\b(entity|entities|table|model|section|collection|data type)\b/i.test(clause);
  const lastWord = wordsOf(m[1]!).at(-1) ?? '';
  const isPlural = singularize(lastWord) !== lastWord;
  if (!saysEntity && !existing && !isPlural && !KNOWN_ENTITIES[name] && !rest.startsWith('(')) return false;
  if (FEATURE_WORDS.test(m[1]!)) return false;
  if (existing) {
    if (existing.hasPages && !rest) {
      state.titles.push(`Keep ${humanize(pluralize(name))}`);
      state.done.push(`The app already has ${humanize(pluralize(name))} — open ${pagesOf(name).list} to see them.`);
      return true;
    }
    if (!existing.hasPages) {
      existing.hasPages = true;
      touchEntity(state, name);
      state.touched.add('layout.jsx');
      state.navChanged = true;
      state.titles.push(`Bring back the ${humanize(name)} pages`);
      state.done.push(`Restored the ${humanize(name)} pages and navigation link; the existing records show up again.`);
      if (!rest) return true;
    }
  }
  let fields: InferredField[] = [];
  const inside =
    /^\((.*)\)$/s.exec(rest)?.[1] ??
    rest.replace(/^(?:with|having|:)\s*(?:the\s+)?(?:fields?|columns?|properties)?\s*:?\s*/i, '');
  if (inside) fields = parseFields(inside, state.model, name);
  if (existing) {
    // "add tasks with notes" on an existing entity adds the fields.
    return fields.length ? handleAddField(state, `add ${inside} to ${pluralize(name)}`, '') || true : true;
  }
  if (fields.length === 0) {
    const known = KNOWN_ENTITIES[name]?.fields ?? 'name*, notes';
    fields = parseFields(
      known,
      {
        ...state.model,
        entities: [
          ...state.model.entities,
          {
            name,
            schema: {
              type: 'object',
              properties: {},
              'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
            },
            hasPages: false,
          },
        ],
      },
      name,
    ).filter((f) => !f.key.endsWith('_id') || state.model.entities.some((e) => `${snakeCase(e.name)}_id` === f.key));
  }
  const schema = schemaOf(name, fields);
  const { name: _n, ...plain } = schema;
  state.model.entities.push({ name, schema: plain, hasPages: true });
  touchEntity(state, name);
  state.touched.add('layout.jsx');
  state.navChanged = true;
  const plural = humanize(pluralize(name));
  state.titles.push(`Add ${plural}`);
  state.done.push(
    `Added the **${name}** entity (${Object.entries(plain.properties)
      .map(([k, p]) => `${k}: ${describeType(k, p)}`)
      .join(', ')}) with list, detail and form pages and a navigation link.`,
  );
  return true;
}

/** "Add an about / statistics / pricing page". */
function handleAddPage(state: TurnState, _clause: string, lower: string): boolean {
  const m =
    /\b(?:add|create|make|build|i want|i need)\s+(?:an?\s+|the\s+|another\s+|new\s+)*(.+?)\s+(?:page|screen|view|tab)\b/.exec(
      lower,
    );
  if (!m) return false;
  const phrase = m[1]!.trim();
  if (!/[a-z]{2}/.test(phrase) || /^(a|an|the|new|another|one|some|more|other)$/.test(phrase)) return false;
  const entity = findEntity(state.model, phrase);
  if (entity && /^(the\s+)?\w+(\s\w+)?$/.test(phrase) && !PAGE_KINDS.some(([p]) => p.test(phrase))) {
    if (entity.hasPages) {
      state.titles.push(`Keep the ${humanize(entity.name)} pages`);
      state.done.push(`${pagesOf(entity.name).list} already exists.`);
      return true;
    }
    return handleAddEntity(state, `add ${humanize(pluralize(entity.name))}`);
  }
  const known = PAGE_KINDS.find(([p]) => p.test(phrase));
  const name = known ? known[2] : pascalCase(phrase.replace(/[^a-z0-9 ]/g, ' ')).slice(0, 40);
  if (!name || !/^[A-Z]/.test(name)) return false;
  const taken = ['Home', ...state.model.entities.flatMap((e) => Object.values(pagesOf(e.name)))];
  if (taken.includes(name) || state.model.extraPages.some((p) => p.name === name)) {
    state.titles.push(`Keep the ${name} page`);
    state.done.push(`The app already has a ${name} page.`);
    return true;
  }
  const title = known ? known[2] : titleCase(phrase.replace(/[^a-z0-9 ]/gi, ' ').trim());
  const page: ExtraPage = { name, kind: known ? known[1] : 'custom', title };
  state.model.extraPages.push(page);
  state.touched.add(`pages/${name}.jsx`);
  state.touched.add('layout.jsx');
  state.navChanged = true;
  state.titles.push(`Add a${/^[AEIOU]/.test(title) ? 'n' : ''} ${title} page`);
  const what =
    page.kind === 'statistics'
      ? 'totals per entity, breakdowns of choice fields, yes/no shares and sums of number fields'
      : page.kind === 'about'
        ? 'what the app is for, with links to each section'
        : page.kind === 'calendar'
          ? 'every record with a date, grouped by day from today on'
          : 'a titled page ready for your content';
  state.done.push(`Added **pages/${name}.jsx** (${what}) and a link in the navigation.`);
  return true;
}

/** "Remove the about page", "remove the board". */
function handleRemovePage(state: TurnState, _clause: string, lower: string): boolean {
  const board = /\b(?:remove|delete|drop|get rid of)\s+(?:the\s+)?(.*?)\s*(?:kanban\s+)?board(?:\s+page)?$/.exec(lower);
  if (board) {
    const entity = findEntity(state.model, board[1]!);
    const boards = state.model.extraPages.filter((p) => p.kind === 'board' && (!entity || p.entity === entity.name));
    if (boards.length !== 1) return false;
    return removeExtraPage(state, boards[0]!.name);
  }
  const m = /\b(?:remove|delete|drop|get rid of)\s+(?:the\s+)?(.+?)\s+(?:page|screen|tab)$/.exec(lower);
  if (!m) return false;
  const phrase = m[1]!.trim();
  const known = PAGE_KINDS.find(([p]) => p.test(phrase));
  const name = known ? known[2] : pascalCase(phrase);
  const index = state.model.extraPages.findIndex((p) => p.name.toLowerCase() === name.toLowerCase());
  if (index < 0) {
    if (!known) return false;
    state.done.push(
      `There is no ${known[2]} page to remove. The pages are ${listJoin(['Home', ...state.model.extraPages.map((p) => p.name)])} and the entity pages.`,
    );
    return true;
  }
  return removeExtraPage(state, state.model.extraPages[index]!.name);
}

function removeExtraPage(state: TurnState, name: string): boolean {
  const index = state.model.extraPages.findIndex((p) => p.name === name);
  const [page] = state.model.extraPages.splice(index, 1);
  state.deleted.add(`pages/${page!.name}.jsx`);
  state.touched.add('layout.jsx');
  state.navChanged = true;
  if (state.model.mainPage === page!.name) {
    state.model.mainPage = 'Home';
    state.touched.add('app.json');
  }
  state.titles.push(`Remove the ${page!.title} page`);
  state.done.push(`Removed pages/${page!.name}.jsx and its navigation link.`);
  return true;
}

/** "Make the due date required" / "make the task title optional". */
function handleRequired(state: TurnState, clause: string): boolean {
  const m =
    /\bmake\s+(?:the\s+)?(.+?)\s+(?:field\s+)?(required|mandatory|optional|not required)(?:\s+(?:on|for|in|of)\s+(?:the\s+)?(.+))?$/i.exec(
      clause,
    );
  if (!m) return false;
  const entities = m[3] ? [findEntity(state.model, m[3])] : [findEntity(state.model, m[1]!), ...state.model.entities];
  for (const entity of entities) {
    if (!entity) continue;
    // "make the task title required" names the entity before the field.
    const key = matchField(entity.schema, withoutEntityWords(m[1]!, entity.name));
    if (!key) continue;
    const isRequired = /required|mandatory/i.test(m[2]!) && !/not/i.test(m[2]!);
    const required = (entity.schema.required ?? []).filter((r) => r !== key);
    if (isRequired) required.push(key);
    if (required.length) entity.schema.required = required;
    else delete entity.schema.required;
    touchEntity(state, entity.name);
    state.titles.push(`Make ${labelOf(key).toLowerCase()} ${isRequired ? 'required' : 'optional'}`);
    state.done.push(
      `${entity.name}.${key} is now ${isRequired ? 'required: the form asks for it before saving' : 'optional'}.`,
    );
    return true;
  }
  return false;
}

/** "Change the status options to a, b, c". */
function handleOptions(state: TurnState, clause: string): boolean {
  const m =
    /\b(?:change|set|update|make|use)\s+(?:the\s+)?(.+?)\s+(?:options|values|choices|choice list)\s+(?:to|as|be)\s*:?\s+(.+)$/i.exec(
      clause,
    ) ?? /\b(.+?)\s+(?:options|values|choices)\s+should\s+be\s*:?\s+(.+)$/i.exec(clause);
  if (!m) return false;
  const values = [
    ...new Set(
      splitList(m[2]!)
        .map((v) => v.replace(/^["'“‘]|["'”’]$/g, '').trim())
        .filter(Boolean),
    ),
  ];
  if (values.length < 2) return false;
  for (const entity of [findEntity(state.model, m[1]!), ...state.model.entities]) {
    if (!entity) continue;
    const key = matchField(entity.schema, withoutEntityWords(m[1]!, entity.name));
    const prop = key ? entity.schema.properties[key] : undefined;
    if (!key || !prop || (prop.type !== 'string' && prop.type !== 'array')) continue;
    if (prop.type === 'array') entity.schema.properties[key] = { ...prop, items: { type: 'string', enum: values } };
    else entity.schema.properties[key] = { ...prop, type: 'string', enum: values, default: values[0] };
    touchEntity(state, entity.name);
    state.titles.push(`Set the ${labelOf(key).toLowerCase()} choices`);
    state.done.push(
      `${entity.name}.${key} now offers ${listJoin(values)}. Records holding an old value keep it until edited.`,
    );
    return true;
  }
  return false;
}

/** Entities written out in a follow-up: "projects (name, colour) and invoices (number, total)". */
function handleDescribedEntities(state: TurnState, clause: string): boolean {
  const groups = explicitEntitiesOf(clause);
  if (groups.length === 0) return false;
  let handled = false;
  for (const g of groups) {
    const existing = state.model.entities.find((e) => e.name === g.name);
    if (existing) handled = handleAddField(state, `add ${g.inside} to ${humanize(pluralize(g.name))}`, '') || handled;
    else handled = handleAddEntity(state, `add ${g.name} entity (${g.inside})`) || handled;
  }
  return handled;
}

const isAccessLevel = (value: string): value is AccessLevel => (ACCESS_LEVELS as readonly string[]).includes(value);

/** The Database panel's request (`permissionChangeRequest`): "Change the permissions of the Task entity to … (read: all, write: creator)". */
function handleExplicitPermissions(state: TurnState, clause: string): boolean {
  const m =
    /\bpermissions?\s+(?:of|for|on)\s+(?:the\s+)?["'`]?([A-Za-z][A-Za-z0-9_]*)["'`]?\s+(?:entity|table)\b.*?\bread:\s*([a-z]+)\W+write:\s*([a-z]+)\b/i.exec(
      clause,
    );
  if (!m) return false;
  const [read, write] = [m[2]!.toLowerCase(), m[3]!.toLowerCase()];
  const entity = findEntity(state.model, m[1]!);
  if (!entity || !isAccessLevel(read) || !isAccessLevel(write)) return false;
  const plural = humanize(pluralize(entity.name));
  const current = entity.schema['x-accessControl'].permissions;
  if (current.read === read && current.write === write) {
    state.titles.push(`Keep who can see ${plural}`);
    state.done.push(`${entity.name} already has these access rules (read: ${read}, write: ${write}).`);
    return true;
  }
  entity.schema['x-accessControl'] = { permissions: { read, write } };
  state.titles.push(`Change who can see ${plural}`);
  state.done.push(`Changed the access rules of ${entity.name}: read ${read}, write ${write}.`);
  return true;
}

/** "Make projects public", "let anyone see projects", "make projects private". */
function handleAccess(state: TurnState, clause: string, lower: string): boolean {
  const m = /\b(?:make|set|let|allow|should be|are|be)\b/.test(lower)
    ? ACCESS_WORDS.find(([p]) => p.test(lower))
    : undefined;
  if (!m) return false;
  const entity = findEntity(
    state.model,
    clause.replace(
      /\b(make|set|the|records?|data|entity|public|private|shared|visible|to|everyone|anyone|readable|by|all|users?)\b/gi,
      ' ',
    ),
  );
  if (!entity) return false;
  const [, permissions, meaning] = m;
  const current = entity.schema['x-accessControl'].permissions;
  const plural = humanize(pluralize(entity.name));
  if (current.read === permissions.read && current.write === permissions.write) {
    state.titles.push(`Keep who can see ${plural}`);
    state.done.push(`${entity.name} already works that way: ${meaning}.`);
    return true;
  }
  entity.schema['x-accessControl'] = { permissions: { ...permissions } };
  state.titles.push(`Change who can see ${plural}`);
  state.done.push(
    `Changed the access rules of ${entity.name} (read: ${permissions.read}, write: ${permissions.write}): ${meaning}. You can fine-tune this in the database panel.`,
  );
  return true;
}

/** Sign-in, search, filters and sorting already exist: say so instead of inventing entities or fields. */
function handleBuiltIn(state: TurnState, _clause: string, lower: string): boolean {
  if (/\bfields?\b/.test(lower)) return false;
  if (
    /\b(log ?in|sign[ -]?(in|up|on)|auth(?:entication|ori[sz]ation)?|accounts? for users|user accounts?)\b/.test(lower)
  ) {
    state.done.push(
      'Sign-in is already built into every app: visitors get a login page (the code can send them there with `User.login()` from `@/entities/User`, and `User.me()` returns who is signed in), and each entity starts with "creator" access, so every user sees only the records they created. You can change access per entity in the database panel, or ask me to "make projects public".',
    );
    return true;
  }
  if (/\b(search|filters?|sorting|sort)\b/.test(lower) && /\b(add|want|need|include)\b/.test(lower)) {
    const lists = state.model.entities.filter((e) => e.hasPages).map((e) => pagesOf(e.name).list);
    state.done.push(
      `The list pages (${listJoin(lists)}) already have a search box, filters for choice and yes/no fields, and sorting by date and name.`,
    );
    return true;
  }
  return false;
}

/** "Add a kanban board for tasks": a board page, plus a status field when there is no choice field. */
function handleBoard(state: TurnState, clause: string, lower: string): boolean {
  if (
    !/\b(kanban|board)\b/.test(lower) ||
    !/\b(add|create|make|build|want|need|show|give)\b/.test(lower) ||
    /\b(remove|delete|drop)\b/.test(lower)
  )
    return false;
  const entity =
    findEntity(
      state.model,
      clause.replace(/\b(kanban|board|page|view|add|create|make|a|an|the|for|of|with)\b/gi, ' '),
    ) ?? defaultEntity(state.model);
  if (!entity) return false;
  const name = boardPageOf(entity.name);
  const plural = humanize(pluralize(entity.name));
  if (state.model.extraPages.some((p) => p.name === name)) {
    state.titles.push(`Keep the ${plural} board`);
    state.done.push(`The app already has a board for ${plural} (${name}).`);
    return true;
  }
  // A board needs columns: a status field gives them.
  const key = addBoardField(state.model, entity.name);
  if (key) touchEntity(state, entity.name);
  const added = key
    ? ` I also added a **${key}** field (todo, in progress, done) to ${entity.name} for the columns.`
    : '';
  state.model.extraPages.push(boardPage(entity.name));
  state.touched.add(`pages/${name}.jsx`);
  state.touched.add('layout.jsx');
  state.navChanged = true;
  const field = boardFieldOf(state.model, entity.name)!;
  state.titles.push(`Add a board for ${plural}`);
  state.done.push(
    `Added **pages/${name}.jsx**: a kanban board with one column per ${field.label.toLowerCase()} (${listJoin(field.options)}); drag a card or pick a column on it to move it.${added}`,
  );
  return true;
}

/** "Rename tasks to todos" / "rename the due date field": explained, because the records would stay behind. */
function handleRenameOther(state: TurnState, clause: string): boolean {
  const m = /\brename\s+(?:the\s+)?(.+?)\s+(?:to|as|into)\s+["“'‘]?(.+?)["”'’]?$/i.exec(clause);
  if (!m) return false;
  const entity = findEntity(state.model, m[1]!);
  const field = state.model.entities
    .map((e) => ({ e, key: matchField(e.schema, withoutEntityWords(m[1]!, e.name)) }))
    .find((x) => x.key && /\b(field|column|property)\b/i.test(m[1]!));
  if (!entity && !field) return false;
  const what = field ? `the ${field.key} field of ${field.e.name}` : `the ${entity!.name} entity`;
  const how = field
    ? `ask me to "add a ${m[2]!.trim()} field to ${humanize(pluralize(field.e.name))}", copy the values over in the database panel, then "remove the ${labelOf(field.key!).toLowerCase()} field"`
    : `ask me to "add a ${m[2]!.trim()} entity" with the fields you need, import the records there from the database panel (CSV export and import), then "remove ${humanize(pluralize(entity!.name))}"`;
  state.done.push(
    `Renaming ${what} would leave the records already stored under the old name, so I don't do it offline. To move to a new name: ${how}.`,
  );
  return true;
}

/** "Make tasks the home page", "set the main page to statistics": app.json's mainPage. */
function handleMainPage(state: TurnState, _clause: string, lower: string): boolean {
  const m =
    /\b(?:make|set|use)\s+(?:the\s+)?(.+?)\s+(?:page\s+)?(?:as\s+)?(?:the\s+)?(?:home|main|start|landing|first)\s*page\b/.exec(
      lower,
    ) ??
    /\b(?:set|change|make)\s+(?:the\s+)?(?:home|main|start|landing|first)\s*page\s+(?:to|be)\s+(?:the\s+)?(.+?)(?:\s+page)?$/.exec(
      lower,
    );
  if (!m) return false;
  const phrase = m[1]!.trim();
  let page: string | undefined;
  if (/^(home|dashboard|overview)$/.test(phrase)) page = 'Home';
  const entity = page ? undefined : findEntity(state.model, phrase);
  if (entity?.hasPages) page = pagesOf(entity.name).list;
  page ??= state.model.extraPages.find(
    (p) => p.title.toLowerCase() === phrase || p.name.toLowerCase() === phrase.replace(/\s+/g, ''),
  )?.name;
  if (!page) return false;
  state.titles.push(`Open ${page} first`);
  if (state.model.mainPage === page) {
    state.done.push(`${page} is already the page the app opens on.`);
    return true;
  }
  state.model.mainPage = page;
  state.touched.add('app.json');
  state.done.push(`The app now opens on **${page}** (mainPage in app.json).`);
  return true;
}

/** The handlers in the order they get a clause: specific requests before general ones. */
export const HANDLERS: Array<(state: TurnState, clause: string, lower: string) => boolean> = [
  handleFixErrors,
  handleExplicitPermissions,
  handleBuiltIn,
  handleBoard,
  handleSeed,
  handleRename,
  handleRenameOther,
  handleMainPage,
  handleAccess,
  handleRequired,
  handleOptions,
  handleRemoveField,
  handleAddField,
  handleDescribedEntities,
  handleRemovePage,
  handleTheme,
  handleRemoveEntity,
  handleAddPage,
  handleAddEntity,
];
