// Follow-ups about extra pages: about, statistics, calendar and custom pages, and kanban boards.
import { boardPageOf, pagesOf, type ExtraPage } from '../app-model';
import { addBoardField, boardFieldOf, boardPage } from '../render';
import { humanize, listJoin, pascalCase, pluralize, titleCase } from '../text';
import { defaultEntity, findEntity, touchEntity, type TurnState } from '../turn-state';
import { handleAddEntity } from './entities';

const PAGE_KINDS: Array<[RegExp, ExtraPage['kind'], string]> = [
  [/^(about|about us|about the app)$/, 'about', 'About'],
  [/^(calendar|agenda|schedule|upcoming)$/, 'calendar', 'Calendar'],
  [/^(statistics|stats|statistic|insights|analytics|reports?|charts?|summary)$/, 'statistics', 'Statistics'],
];

/** "Add an about / statistics / pricing page". */
export function handleAddPage(state: TurnState, _clause: string, lower: string): boolean {
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
export function handleRemovePage(state: TurnState, _clause: string, lower: string): boolean {
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

/** "Add a kanban board for tasks": a board page, plus a status field when there is no choice field. */
export function handleBoard(state: TurnState, clause: string, lower: string): boolean {
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
