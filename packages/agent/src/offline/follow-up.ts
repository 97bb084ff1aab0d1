// Follow-up turns: split the request into clauses, let the handlers change a copy of the app's
// model, then write the difference as protocol actions.
import type { EntitySchema } from '@tessera/contracts/entities';
import type { AppSnapshot, AppToolBrief } from '../snapshot';
import { fileAction, groupText, type PlannedAction } from './actions';
import { readAppModel } from './app-model';
import { HANDLERS, isErrorReport } from './handlers';
import type { AppBuilderTurn } from './turn';
import { capabilities, suggestionsFor } from './prose';
import { renderAppFiles, SHARED_FILES } from './render';
import { listJoin } from './text';
import { cloneModel, type TurnState } from './turn-state';

const prose = (text: string, summary: string): AppBuilderTurn => ({ text, summary });

type SchemaWithName = EntitySchema & { name?: string };

/** Splits a request into clauses ("add X to tasks and make it dark" -> two), keeping field lists whole. */
function clausesOf(request: string): string[] {
  return request
    .split(
      /\n+|;|(?<=[a-z0-9)"'])\.\s+|\bthen\b|,?\s+and\s+(?=(?:also\s+)?(?:make|rename|add|remove|delete|change|use|switch|set|call|give|create|include|drop|insert|seed|put)\b)|,\s*(?=(?:also\s+)?(?:make|rename|add|remove|delete|change|use|switch|set|call|give|create|drop)\b)/i,
    )
    .map((c) =>
      c
        .trim()
        .replace(/^(also|and|please|can you|could you|now|ok|okay)\s+/i, '')
        .replace(/[.!?]+$/, '')
        .trim(),
    )
    .filter(Boolean);
}

/** A turn on an existing app: every clause goes to the first handler that takes it; the changes become actions. */
export function followUp(
  snapshot: AppSnapshot,
  request: string,
  today: string,
  tools: AppToolBrief[] = [],
): AppBuilderTurn {
  const before = readAppModel(snapshot);
  const state: TurnState = {
    model: cloneModel(before),
    before,
    snapshot,
    touched: new Set(),
    deleted: new Set(),
    records: [],
    done: [],
    titles: [],
    today,
    navChanged: false,
    tools,
  };
  const unhandled: string[] = [];
  // An error report ("… please help me fix these errors") is one request, file names and all.
  const clauses = isErrorReport(request) ? [request] : clausesOf(request);
  for (const clause of clauses) {
    const lower = clause.toLowerCase();
    if (!HANDLERS.some((handle) => handle(state, clause, lower))) unhandled.push(clause);
  }
  // A whole request that describes a new app ("build a recipe book") on a non-empty snapshot still
  // gets an answer: we explain rather than silently replacing the current app.
  if (state.done.length === 0) {
    const note = state.titles.length ? '' : unhandled.length ? `I can't do "${unhandled[0]}" offline yet.` : '';
    return prose(capabilities(note || 'I did not find a change I can make in that request.'), 'No change');
  }

  const actions = collectActions(state);
  const skipped = unhandled.length
    ? `\n\nI left out "${listJoin(unhandled)}" — that is not something I can do offline; an AI provider can, or you can edit the code directly.`
    : '';
  if (actions.length === 0) {
    // Handlers that would have rewritten files found them already as they should be.
    if (state.touched.size || state.deleted.size)
      return prose(`Everything already matches what you asked for — no files needed changing.${skipped}`, 'No change');
    return prose(`${state.done.join('\n')}${skipped}`, state.titles.join('; ') || 'No change');
  }
  const title = state.titles.length === 1 ? state.titles[0]! : 'Update the app';
  const intro =
    state.titles.length === 1
      ? `Sure — ${lowerFirst(state.titles[0]!)}.`
      : `Sure — I'll make these changes: ${listJoin(state.titles.map(lowerFirst))}.`;
  const next = suggestionsFor(state.model)
    .slice(0, 2)
    .map((s) => `"${s}"`);
  const text = `${intro}\n\n${groupText(title, actions)}\n\n${state.done.map((d) => `- ${d}`).join('\n')}${skipped}\n\nYou could also try ${listJoin(next)}.`;
  return { text, summary: state.titles.join('; ') };
}

/** The actions that turn the snapshot into the changed model: entity schemas, touched files, deletions, records. */
function collectActions(state: TurnState): PlannedAction[] {
  const actions: PlannedAction[] = [];
  const { model, snapshot } = state;
  for (const e of model.entities) {
    const old = snapshot.entities[e.name];
    if (!old) actions.push({ type: 'add_entity', entity: e.name, schema: withName(e.name, e.schema) });
    else if (JSON.stringify(old) !== JSON.stringify(e.schema))
      actions.push({ type: 'edit_entity', entity: e.name, schema: withName(e.name, e.schema) });
  }
  const files = renderAppFiles(model);
  const touchesPages = [...state.touched].some((p) => p.startsWith('pages/') || p === 'layout.jsx');
  if (touchesPages)
    for (const path of Object.keys(SHARED_FILES)) if (!(path in snapshot.files)) state.touched.add(path);
  const ordered = [...state.touched].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  for (const path of ordered) {
    let content = files[path];
    if (content === undefined) continue;
    const current = snapshot.files[path];
    // A layout someone else wrote keeps its shape when only the name changed.
    if (
      path === 'layout.jsx' &&
      current !== undefined &&
      !current.includes('const NAV_ITEMS = [') &&
      !state.navChanged
    ) {
      if (!state.renamedFrom) continue;
      content = current.split(state.renamedFrom).join(model.name);
    }
    const action = fileAction(path, snapshot.files[path], content);
    if (action) actions.push(action);
  }
  for (const path of [...state.deleted].sort())
    if (path in snapshot.files && !(path in files)) actions.push({ type: 'delete_file', path });
  for (const r of state.records) actions.push({ type: 'insert_entity_records', entity: r.entity, records: r.records });
  return actions;
}

function rank(path: string): number {
  if (path === 'app.json') return 0;
  if (path === 'globals.css') return 1;
  if (path.startsWith('components/') || path.startsWith('services/')) return 2;
  if (path === 'layout.jsx') return 3;
  return 4;
}

function withName(name: string, schema: EntitySchema): SchemaWithName {
  const { name: _old, ...rest } = schema as SchemaWithName;
  return { name, ...rest };
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
