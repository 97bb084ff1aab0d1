// Follow-ups about an entity's fields: add, remove, make required or optional, change choices.
import { MAX_ENTITY_PROPERTIES } from '@tessera/contracts/entities';
import { type AppModel } from '../app-model';
import { splitList } from '../fields';
import { describeType } from '../prose';
import { humanize, labelOf, listJoin, pascalCase, pluralize } from '../text';
import {
  defaultEntity,
  findEntity,
  matchField,
  parseFields,
  touchEntity,
  withoutEntityWords,
  type TurnState,
} from '../turn-state';

/** "Add a priority field to tasks", "tasks should have notes", "give projects a colour". */
export function handleAddField(state: TurnState, clause: string, _lower: string): boolean {
  const { model } = state;
  let fieldsText: string | undefined;
  let target: AppModel['entities'][number] | undefined;
  // "add a cuisine field with italian, mexican and indian (to recipes)" / "add a mood field (great, ok, bad)".
  const choices =
    /\badd\s+(?:a\s+|an\s+)?([a-z][a-z ]*?)\s+(?:field|column|property)\s*(?:with\s+(?:the\s+)?(?:values|options|choices)?\s*:?\s*|\(|:\s*)(.+?)\)?(?:\s+(?:to|on|for|in)\s+(?:the\s+|my\s+|all\s+)?([a-z][a-z ]*))?$/i.exec(
      clause,
    );
  // "add a status to appointments: booked, done, cancelled" / "… to appointments with options a, b and c".
  const after =
    /\badd\s+(?:a\s+|an\s+)?([a-z][a-z ]*?)(?:\s+(?:field|column|property))?\s+(?:to|on|for)\s+(?:the\s+|my\s+|all\s+)?([a-z][a-z ]*?)\s*(?::|\(|\s+with\s+(?:the\s+)?(?:values|options|choices)\s*:?)\s*(.+?)\)?$/i.exec(
      clause,
    );
  if (after && splitList(after[3]!).length >= 2) {
    const entity = findEntity(model, after[2]!);
    if (entity)
      return handleAddField(
        state,
        `add ${after[1]} (${splitList(after[3]!).join(', ')}) to ${humanize(pluralize(entity.name))}`,
        '',
      );
  }
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
export function handleRemoveField(state: TurnState, clause: string): boolean {
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

/** "Make the due date required" / "make the task title optional". */
export function handleRequired(state: TurnState, clause: string): boolean {
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
export function handleOptions(state: TurnState, clause: string): boolean {
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
