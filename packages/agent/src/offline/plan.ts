// The offline app builder's turn: read the conversation and the current snapshot, decide what to
// change, and write it as prose plus protocol actions.
import type { AppSnapshot } from '../snapshot';
import { fileAction, groupText, type PlannedAction } from './actions';
import { boardPageOf, isEmptySnapshot, pagesOf, readAppModel, type AppModel } from './app-model';
import { appNameOf, plannedEntitiesOf, schemaOf, themeOf } from './describe';
import { followUp } from './follow-up';
import { capabilities, describeType, suggestionsFor } from './prose';
import { renderAppFiles, SHARED_FILES } from './render';
import { sampleRecords } from './samples';
import { humanize, labelOf, listJoin, pluralize } from './text';

/** One message of the conversation, oldest first; the last one is the request. */
export interface ConversationMessage {
  role: 'user' | 'assistant';
  text: string;
}

export interface AppBuilderTurnInput {
  snapshot: AppSnapshot;
  messages: ConversationMessage[];
  /** Today's date (YYYY-MM-DD) for sample records; a fixed date when omitted so output stays reproducible. */
  today?: string;
}

export interface AppBuilderTurn {
  /** The assistant's answer: prose and protocol actions, as a model would stream it. */
  text: string;
  /** One line on what the turn did (for logs and version descriptions). */
  summary: string;
}

const DEFAULT_TODAY = '2026-01-05';

/**
 * Plans one turn of the built-in offline app builder: a first description builds the whole app, later
 * messages change it (fields, entities, pages, name, theme, sample data). Pure and deterministic.
 */
export function planAppBuilderTurn(input: AppBuilderTurnInput): AppBuilderTurn {
  const today = input.today ?? DEFAULT_TODAY;
  const userMessages = input.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.text.trim())
    .filter(Boolean);
  const request = userMessages.at(-1) ?? '';
  if (!request)
    return prose(
      capabilities(
        'Tell me what app you would like, for example "a task tracker with tasks (title, done, due date) and projects (name)".',
      ),
      'Asked for a description',
    );

  if (/^(continue|keep going|let'?s keep going|go on)\W*$/i.test(request)) {
    return prose(
      'Everything from my last answer is already in place — there is nothing left to continue. Tell me what you would like to change next.',
      'Nothing to continue',
    );
  }
  if (isEmptySnapshot(input.snapshot)) {
    if (isSmallTalk(request))
      return prose(
        capabilities('Describe the app you want and I will build it.'),
        'Explained what the offline builder can do',
      );
    // "yes", "go ahead": build what was described before.
    const description = isVague(request)
      ? (userMessages
          .slice(0, -1)
          .reverse()
          .find((m) => !isVague(m) && !isSmallTalk(m)) ?? request)
      : request;
    return buildNewApp(input.snapshot, description, today);
  }
  if (isSmallTalk(request)) {
    const thanks = /\b(thanks|thank you)\b/i.test(request);
    return prose(
      thanks
        ? `You're welcome! Ask for the next change whenever you like — for example ${listJoin(
            suggestionsFor(readAppModel(input.snapshot))
              .slice(0, 2)
              .map((s) => `"${s}"`),
          )}.`
        : capabilities('Hi! Tell me what to change in this app.'),
      thanks ? 'Said you are welcome' : 'Explained what the offline builder can do',
    );
  }
  return followUp(input.snapshot, request, today);
}

function prose(text: string, summary: string): AppBuilderTurn {
  return { text, summary };
}

function isSmallTalk(text: string): boolean {
  return (
    /^(hi|hello|hey|yo|thanks|thank you|help|what can you do|who are you|what are you|how does this work)\b[\s\S]{0,40}$/i.test(
      text.trim(),
    ) && !/\b(build|create|make|app|tracker|add|remove|delete|change|rename|use|field|page|entity)\b/i.test(text)
  );
}

function isVague(text: string): boolean {
  return /^(yes|yeah|yep|ok|okay|sure|go ahead|do it|build it|please|go|start)\W*$/i.test(text.trim());
}

function buildNewApp(snapshot: AppSnapshot, description: string, today: string): AppBuilderTurn {
  const { entities: planned, kind } = plannedEntitiesOf(description);
  const name = appNameOf(description, kind, planned);
  const schemas = planned.map((p) => schemaOf(p.name, p.fields));
  const model: AppModel = {
    name,
    mainPage: 'Home',
    entities: schemas.map((s) => ({ name: s.name, schema: s, hasPages: true })),
    extraPages: [],
    theme: themeOf(description, kind),
  };
  addRequestedPages(model, description);
  const files = renderAppFiles(model);
  const actions: PlannedAction[] = schemas.map((s) => ({ type: 'add_entity', entity: s.name, schema: s }));
  const order = ['app.json', 'globals.css', ...Object.keys(SHARED_FILES), 'layout.jsx'];
  const paths = [...order, ...Object.keys(files).filter((p) => !order.includes(p))];
  for (const path of paths) {
    const action = fileAction(path, snapshot.files[path], files[path]!);
    if (action) actions.push(action);
  }
  // "… with some sample data": a few records per entity, so the pages have something to show.
  const wantsSamples =
    /\b(sample|example|demo|dummy|fake|test|seed)\s+(data|records?|entries|content|rows)\b|\b(sample|example|demo)\s+[a-z]+s\b/i.test(
      description,
    );
  if (wantsSamples) {
    const names = schemas.map((s) => s.name);
    for (const s of schemas)
      actions.push({
        type: 'insert_entity_records',
        entity: s.name,
        records: sampleRecords(s.name, s, 5, today, names),
      });
  }

  const entityLines = schemas.map((s) => {
    const fields = Object.entries(s.properties).map(
      ([key, p]) => `${labelOf(key).toLowerCase()} (${describeType(key, p)})`,
    );
    return `- **${s.name}**: ${fields.join(', ')}`;
  });
  const first = schemas[0]!;
  const firstPages = pagesOf(first.name);
  const intro = `I'll build **${name}** for you: ${listJoin(schemas.map((s) => humanize(pluralize(s.name))))} with pages to list, view, create and edit them, a dashboard and navigation.`;
  const outro = [
    `**${name}** is ready. Here's what I set up:`,
    '',
    ...entityLines,
    '',
    `Each entity has a list page (search, filters, sorting), a detail page and a form; the dashboard shows counts and the latest ${humanize(pluralize(first.name))}. ${wantsSamples ? `I added 5 sample records to each entity so you can click around; open **${firstPages.list}** to see them.` : `Open **${firstPages.list}** to add your first ${humanize(first.name)}.`}`,
    ...(model.extraPages.length
      ? [
          '',
          `I also added ${listJoin(model.extraPages.map((p) => `**${p.title}**`))} ${model.extraPages.length === 1 ? 'as a page' : 'as pages'} in the navigation.`,
        ]
      : []),
    '',
    'Try next:',
    ...suggestionsFor(model).map((s) => `- "${s}"`),
  ];
  const text = `${intro}\n\n${groupText(`Create ${name}`, actions)}\n\n${outro.join('\n')}`;
  return { text, summary: `Created ${name} with ${listJoin(schemas.map((s) => s.name))}` };
}

/** Pages a first description asks for besides the entity pages: about, statistics, calendar, a kanban board. */
function addRequestedPages(model: AppModel, description: string): void {
  const lower = description.toLowerCase();
  const first = model.entities[0];
  if (/\babout\s+(page|screen|section)\b/.test(lower))
    model.extraPages.push({ name: 'About', kind: 'about', title: 'About' });
  if (/\b(statistics|stats|analytics|charts)\b/.test(lower))
    model.extraPages.push({ name: 'Statistics', kind: 'statistics', title: 'Statistics' });
  const hasDates = model.entities.some((e) =>
    Object.values(e.schema.properties).some((p) => p.format === 'date' || p.format === 'date-time'),
  );
  if (/\b(calendar|agenda)\b/.test(lower) && hasDates)
    model.extraPages.push({ name: 'Calendar', kind: 'calendar', title: 'Calendar' });
  if (first && /\b(kanban|board view|(?:task|project|status) board)\b/.test(lower)) {
    if (!Object.values(first.schema.properties).some((p) => p.type === 'string' && p.enum)) {
      first.schema.properties[first.schema.properties.status ? 'stage' : 'status'] = {
        type: 'string',
        enum: ['todo', 'in_progress', 'done'],
        default: 'todo',
      };
    }
    const plural = humanize(pluralize(first.name));
    model.extraPages.push({
      name: boardPageOf(first.name),
      kind: 'board',
      title: `${plural.charAt(0).toUpperCase()}${plural.slice(1)} board`,
      entity: first.name,
    });
  }
  model.extraPages.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
