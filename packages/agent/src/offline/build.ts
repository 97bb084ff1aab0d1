// The first turn: a description becomes a whole app, built from the plan `understand` reads from it.
import type { AppSnapshot } from '../snapshot';
import { fileAction, groupText, type PlannedAction } from './actions';
import type { AppModel } from './app-model';
import { appNameOf, schemaOf, themeOf } from './describe';
import { firstAnswer } from './first-answer';
import { addBoardField, boardFieldOf, boardPage, renderAppFiles, SHARED_FILES } from './render';
import { sampleRecords } from './samples';
import { capitalize, humanize, listJoin, pluralize } from './text';
import { understand } from './understand';

const SAMPLE_WORDS =
  /\b(sample|example|demo|dummy|fake|test|seed)\s+(data|records?|entries|content|rows)\b|\b(sample|example|demo)\s+[a-z]+s\b/i;

/** The name the first turn gives the app a description asks for ("a task tracker for my team" -> Task Tracker). */
export function appNameOfDescription(description: string): string {
  const plan = understand(description);
  return appNameOf(description, plan.kind, plan.entities);
}

/** Builds the app a first description asks for. */
export function buildNewApp(
  snapshot: AppSnapshot,
  description: string,
  today: string,
): { text: string; summary: string } {
  const plan = understand(description);
  const schemas = plan.entities.map((e) => {
    const schema = schemaOf(
      e.name,
      e.fields,
      !plan.added.includes(`${e.name}.${e.fields[0]?.key}`) || e.source === 'template',
    );
    schema['x-accessControl'] = { permissions: e.permissions };
    return schema;
  });
  const name = appNameOf(description, plan.kind, plan.entities);
  const model: AppModel = {
    name,
    mainPage: 'Home',
    entities: schemas.map((s) => ({ name: s.name, schema: s, hasPages: true })),
    extraPages: [],
    theme: themeOf(description, plan.kind),
  };
  addRequestedPages(model, description);
  addFittingPages(model);
  model.extraPages.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  const files = renderAppFiles(model);
  const actions: PlannedAction[] = schemas.map((s) => ({ type: 'add_entity', entity: s.name, schema: s }));
  const order = ['app.json', 'globals.css', ...Object.keys(SHARED_FILES), 'layout.jsx'];
  for (const path of [...order, ...Object.keys(files).filter((p) => !order.includes(p))]) {
    const action = fileAction(path, snapshot.files[path], files[path]!);
    if (action) actions.push(action);
  }
  // A few records in every entity so the first preview is not empty; more when the description asks.
  const count = SAMPLE_WORDS.test(description) ? 5 : 3;
  const names = schemas.map((s) => s.name);
  const seeded: Record<string, number> = {};
  for (const s of schemas) {
    const records = sampleRecords(s.name, s, count, today, names);
    seeded[s.name] = records.length;
    if (records.length) actions.push({ type: 'insert_entity_records', entity: s.name, records });
  }
  const intro = `I'll build **${name}** for you: ${listJoin(schemas.map((s) => humanize(pluralize(s.name))))}, with pages to list, view, create and edit them, plus ${listJoin([...model.extraPages.map((p) => `a ${p.title.toLowerCase()}`), 'a dashboard'])}.`;
  const text = `${intro}\n\n${groupText(`Create ${name}`, actions)}\n\n${firstAnswer(model, plan, seeded)}`;
  return { text, summary: `Created ${name} with ${listJoin(schemas.map((s) => s.name))}` };
}

/** Pages the description asks for by name: about, statistics, calendar, a kanban board. */
function addRequestedPages(model: AppModel, description: string): void {
  const lower = description.toLowerCase();
  if (/\babout\s+(page|screen|section)\b/.test(lower))
    model.extraPages.push({ name: 'About', kind: 'about', title: 'About' });
  if (/\b(statistics|stats|analytics|charts)\b/.test(lower))
    model.extraPages.push({ name: 'Statistics', kind: 'statistics', title: 'Statistics' });
  const first = model.entities[0];
  if (first && /\b(kanban|board view|(?:task|project|status) board)\b/.test(lower)) {
    addBoardField(model, first.name);
    addBoard(model, first.name);
  }
  if (/\b(calendar|agenda)\b/.test(lower)) addCalendar(model);
}

/** Pages the data calls for: a board where records move through stages, a calendar where they have dates, a gallery where they have pictures. */
function addFittingPages(model: AppModel): void {
  const staged = model.entities.find((e) =>
    Object.entries(e.schema.properties).some(
      ([k, p]) => /^(stage|status|state)$/.test(k) && (p.enum?.length ?? 0) >= 3,
    ),
  );
  if (staged) addBoard(model, staged.name);
  const dated = model.entities.some((e) =>
    Object.entries(e.schema.properties).some(
      ([k, p]) => (p.format === 'date-time' || p.format === 'date') && !/(birth|dob|signed_up|joined|created)/.test(k),
    ),
  );
  if (dated) addCalendar(model);
  const pictured = model.entities.find((e) => Object.values(e.schema.properties).some((p) => p.format === 'image'));
  if (pictured && !model.extraPages.some((p) => p.kind === 'gallery'))
    model.extraPages.push({
      name: `${pictured.name}Gallery`,
      kind: 'gallery',
      title: `${capitalize(humanize(pluralize(pictured.name)))} gallery`,
      entity: pictured.name,
    });
}

function addBoard(model: AppModel, entity: string): void {
  if (model.extraPages.some((p) => p.kind === 'board') || !boardFieldOf(model, entity)) return;
  model.extraPages.push(boardPage(entity));
}

function addCalendar(model: AppModel): void {
  const hasDates = model.entities.some((e) =>
    Object.values(e.schema.properties).some((p) => p.format === 'date' || p.format === 'date-time'),
  );
  if (hasDates && !model.extraPages.some((p) => p.kind === 'calendar'))
    model.extraPages.push({ name: 'Calendar', kind: 'calendar', title: 'Calendar' });
}
