// Follow-ups about entities: add, remove, described in words, and who may see their records.
import { ACCESS_LEVELS, type AccessLevel } from '@tessera/contracts/entities';
import { pagesOf } from '../app-model';
import { KNOWN_ENTITIES } from '../catalogue';
import { entityNameOf, explicitEntitiesOf, schemaOf } from '../describe';
import { type InferredField } from '../fields';
import { describeType } from '../prose';
import { humanize, pluralize, singularize, snakeCase, wordsOf } from '../text';
import { findEntity, parseFields, touchEntity, type TurnState } from '../turn-state';
import { handleAddField } from './fields';

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

/** "Remove projects": its pages and nav link go, its schema and records stay. */
export function handleRemoveEntity(state: TurnState, clause: string): boolean {
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
export function handleAddEntity(state: TurnState, request: string): boolean {
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

/** Entities written out in a follow-up: "projects (name, colour) and invoices (number, total)". */
export function handleDescribedEntities(state: TurnState, clause: string): boolean {
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
export function handleExplicitPermissions(state: TurnState, clause: string): boolean {
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
export function handleAccess(state: TurnState, clause: string, lower: string): boolean {
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
