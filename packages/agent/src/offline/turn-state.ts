// The working state of a follow-up turn and the helpers every change handler shares.
import type { EntitySchema } from '@tessera/contracts/entities';
import type { AppSnapshot, AppToolBrief } from '../snapshot';
import { pagesOf, type AppModel } from './app-model';
import { entityNameOf } from './describe';
import { inferField, splitList, type InferredField } from './fields';
import { pluralize, snakeCase, wordsOf } from './text';

/** Work in progress of a follow-up turn: the changed model and what to write. */
export interface TurnState {
  model: AppModel;
  before: AppModel;
  snapshot: AppSnapshot;
  touched: Set<string>;
  deleted: Set<string>;
  records: Array<{ entity: string; records: unknown[] }>;
  done: string[];
  titles: string[];
  today: string;
  /** The app's name before a rename in this turn (layouts we did not write get a textual edit). */
  renamedFrom?: string;
  /** Whether the navigation changed (then even a layout we did not write is regenerated). */
  navChanged: boolean;
  /** The app's AI tools (App tools), which a page can run. */
  tools: AppToolBrief[];
}

/** A deep copy of the model for a turn to change. */
export function cloneModel(model: AppModel): AppModel {
  return {
    ...model,
    entities: model.entities.map((e) => ({ ...e, schema: structuredClone(e.schema) })),
    extraPages: model.extraPages.map((p) => ({ ...p })),
    theme: { ...model.theme },
  };
}

/** The entity a phrase names ("tasks", "the task entity", "line items"), among the app's entities. */
export function findEntity(model: AppModel, phrase: string): AppModel['entities'][number] | undefined {
  const direct = entityNameOf(
    phrase.replace(/\b(entity|entities|table|tables|records?|section|pages?|model|list)\b/gi, ''),
  );
  const byName = model.entities.find((e) => e.name === direct);
  if (byName) return byName;
  const lower = ` ${wordsOf(phrase).join(' ')} `;
  return model.entities.find((e) => {
    const words = wordsOf(e.name).join(' ');
    return lower.includes(` ${words} `) || lower.includes(` ${wordsOf(pluralize(e.name)).join(' ')} `);
  });
}

/** The entity a request means when it names none: the main page's, else the first with pages. */
export function defaultEntity(model: AppModel): AppModel['entities'][number] | undefined {
  const main = model.entities.find((e) => e.hasPages && pagesOf(e.name).list === model.mainPage);
  return main ?? model.entities.find((e) => e.hasPages) ?? model.entities[0];
}

/** Marks an entity's pages and everything showing it (related entities, dashboard, statistics) for regeneration. */
export function touchEntity(state: TurnState, entity: string): void {
  const { model } = state;
  const related = new Set([entity]);
  for (const e of model.entities) {
    const keys = Object.keys(e.schema.properties);
    if (keys.includes(`${snakeCase(entity)}_id`)) related.add(e.name);
    if (e.name === entity)
      for (const other of model.entities) if (keys.includes(`${snakeCase(other.name)}_id`)) related.add(other.name);
  }
  for (const name of related) {
    const e = model.entities.find((x) => x.name === name);
    if (!e?.hasPages) continue;
    const p = pagesOf(name);
    for (const page of [p.list, p.detail, p.form]) state.touched.add(`pages/${page}.jsx`);
  }
  state.touched.add('pages/Home.jsx');
  for (const page of model.extraPages)
    if (page.kind !== 'custom' && page.kind !== 'tool') state.touched.add(`pages/${page.name}.jsx`);
}

/** Fields written in a follow-up ("a priority (low, high) and notes"), linking names of other entities. */
export function parseFields(text: string, model: AppModel, self: string): InferredField[] {
  const names = model.entities.map((e) => e.name).filter((n) => n !== self);
  const cleaned = text
    .replace(/\b(new|fields?|columns?|properties|property|attributes?)\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return (
    splitList(cleaned)
      // "linked to recipes", "belonging to a project": a reference to that entity.
      .map((f) =>
        f.replace(
          /^(?:linked|connected|related|belonging|attached|assigned)\s+to\s+(?:an?\s+|the\s+|one\s+)?(.+)$/i,
          (_m, target: string) => {
            const entity = findEntity(model, target);
            return entity ? entity.name : target;
          },
        ),
      )
      .map((f) => inferField(f, names))
      .filter((f): f is InferredField => f !== null)
  );
}

/** The property a phrase names ("due date" -> due_date, "project" -> project_id, "photo" -> photo_image). */
export function matchField(schema: EntitySchema, phrase: string): string | undefined {
  const key = snakeCase(phrase.replace(/\b(the|a|an|field|column|property)\b/gi, ' '));
  const keys = Object.keys(schema.properties);
  return (
    keys.find((k) => k === key) ??
    keys.find((k) => k === `${key}_id` || k === `${key}_image` || k.replace(/_image$/, '') === key) ??
    keys.find((k) => key && (k.startsWith(`${key}_`) || k.endsWith(`_${key}`)))
  );
}

/** The phrase without the entity's own name ("task title" -> "title"). */
export function withoutEntityWords(phrase: string, entity: string): string {
  const names = [wordsOf(pluralize(entity)).join(' '), wordsOf(entity).join(' ')];
  return names.reduce((text, name) => text.replace(new RegExp(`\\b${name}('s)?\\b`, 'i'), ' '), phrase).trim();
}
