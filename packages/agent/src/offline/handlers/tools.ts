// Follow-ups about the app's AI tools (App tools): "use the Recipe helper tool" adds a page that
// runs it with Core.RunTool (render/tool-page.ts).
import type { AppToolBrief } from '../../snapshot';
import { pagesOf, type ExtraPage } from '../app-model';
import { pascalCase, wordsOf } from '../text';
import type { TurnState } from '../turn-state';

const ASKS_FOR_TOOL = /\b(use|run|call|connect|add|show|include|put|embed|let|give)\b[\s\S]*\btools?\b/;
/** A clause about a tool in general ("my tool", "the AI tool"), not an entity named Tool. */
const MEANS_APP_TOOL = /\b(?:my|our|the|this|that|ai|app|its)\s+tools?\b/;

/** The tool a clause names: all the words of its title, else its path as a word, else the only one when it says "the tool". */
function toolNamed(tools: AppToolBrief[], lower: string): AppToolBrief | undefined {
  const words = new Set(wordsOf(lower));
  const byTitle = tools.find((t) => wordsOf(t.title).length > 0 && wordsOf(t.title).every((w) => words.has(w)));
  const byPath = tools.find((t) => new RegExp(`(^|[^a-z0-9-])${t.path.toLowerCase()}($|[^a-z0-9-])`).test(lower));
  return byTitle ?? byPath ?? (tools.length === 1 && MEANS_APP_TOOL.test(lower) ? tools[0] : undefined);
}

export function handleUseTool(state: TurnState, _clause: string, lower: string): boolean {
  if (!ASKS_FOR_TOOL.test(lower)) return false;
  const tool = toolNamed(state.tools, lower);
  if (!tool) {
    if (!MEANS_APP_TOOL.test(lower)) return false;
    state.titles.push('Explain App tools');
    state.done.push(
      state.tools.length
        ? `Which tool? This app has ${state.tools.map((t) => `"${t.title || t.path}"`).join(', ')}: name one and I'll add a page that runs it.`
        : 'This app has no AI tools yet: open App tools in the side panel, create one and turn it on, then ask me again.',
    );
    return true;
  }
  const title = tool.title || tool.path;
  const existing = state.model.extraPages.find((p) => p.kind === 'tool' && p.tool?.path === tool.path);
  if (existing) {
    state.titles.push(`Keep the ${title} page`);
    state.done.push(`The ${existing.name} page already runs the ${title} tool.`);
    return true;
  }
  const taken = new Set([
    'Home',
    ...state.model.entities.flatMap((e) => Object.values(pagesOf(e.name))),
    ...state.model.extraPages.map((p) => p.name),
  ]);
  const base = (pascalCase(title) || pascalCase(tool.path) || 'Ai').replace(/^[^A-Z]+/, '') || 'Ai';
  const name = [base, `${base}Tool`, `${base}Tool2`].find((n) => !taken.has(n))!.slice(0, 60);
  const page: ExtraPage = { name, kind: 'tool', title, tool: { title, path: tool.path, inputs: tool.inputs } };
  state.model.extraPages.push(page);
  state.touched.add(`pages/${name}.jsx`);
  state.touched.add('layout.jsx');
  state.navChanged = true;
  state.titles.push(`Add a page for the ${title} tool`);
  state.done.push(
    `Added **pages/${name}.jsx**: a form of the tool's inputs that runs it with Core.RunTool and shows its answer, and a link in the navigation.${
      tool.isActive ? '' : ' The tool is still a draft: turn it on in App tools so it can run.'
    }`,
  );
  return true;
}
