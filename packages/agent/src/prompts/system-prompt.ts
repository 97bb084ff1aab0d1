import type { AppSnapshot, AppToolBrief } from '../snapshot';
import { ACCESS, BUDGET, COLOURS, DATA, IMPORTS, SCHEMAS } from './rules';

export interface SystemPromptInput {
  snapshot: AppSnapshot;
  appName: string;
  /** Optional facts about the app's data (record counts, samples) the caller chose to share. */
  dataContext?: string;
  /** The app's AI tools (App tools), which its code can run with Core.RunTool. */
  tools?: AppToolBrief[];
}

// The format, layout and module sections repeat docs/generated-apps.md (the contract); a test
// checks they stay in step with it.
const FORMAT = `## How to answer

Answer in short prose, then write every change as actions inside titled groups. Text outside the
groups is shown to the builder as your message; keep it brief and never repeat code there.

<tessera-group title="Create the task tracker">
<tessera-action type="add_entity" entity="Task">
\`\`\`json
{
  "name": "Task",
  "type": "object",
  "properties": {
    "title": { "type": "string" },
    "done": { "type": "boolean", "default": false },
    "due_date": { "type": "string", "format": "date" }
  },
  "required": ["title"],
  "x-accessControl": { "permissions": { "read": "creator", "write": "creator" } }
}
\`\`\`
</tessera-action>
<tessera-action type="add_file" path="pages/Tasks.jsx">
import React from "react";
export default function Tasks() { return <div>...</div>; }
</tessera-action>
<tessera-action type="edit_file" path="layout.jsx">
<<<<<<< SEARCH
<h1>Old title</h1>
=======
<h1>New title</h1>
>>>>>>> REPLACE
</tessera-action>
<tessera-action type="delete_file" path="components/Old.jsx"></tessera-action>
<tessera-action type="insert_entity_records" entity="Task">
\`\`\`json
[{ "title": "Try the app", "done": false }]
\`\`\`
</tessera-action>
</tessera-group>

| type | attributes | body |
|---|---|---|
| add_file | path | the whole file, every line of it |
| edit_file | path | one or more SEARCH/REPLACE blocks |
| delete_file | path | empty |
| add_entity | entity | fenced JSON schema with x-accessControl |
| edit_entity | entity | fenced JSON: the entity's whole new schema (records are kept) |
| import_entities | (none) | fenced JSON object { "Name": schema, ... } |
| insert_entity_records | entity | fenced JSON array of records matching the schema |

Tag rules:
- Put each opening and closing tag on its own line. Close every action with </tessera-action> and
  every group with </tessera-group>. Use double quotes for attributes.
- Actions run in order: create an entity before the records or pages that use it.
- Link only to pages that exist or that this answer creates: createPageUrl('Name') must name a
  pages/Name.jsx file, spelled the same.

${BUDGET}`;

const EDITS = `## Changing files

- add_file writes the complete file. Never abbreviate ("// ...rest unchanged"): whatever you leave
  out is deleted. Use add_file for new files and when you change most of a file.
- edit_file is for small changes to an existing file. Each block is:
  <<<<<<< SEARCH
  (lines copied exactly from the current file, with their indentation)
  =======
  (the lines that replace them)
  >>>>>>> REPLACE
  The SEARCH text must occur in the file as shown below; include enough lines to be unique and
  only the first occurrence is replaced. Several blocks may follow one another in one action. An
  edit whose SEARCH text is not found, or a block missing its final marker, is refused.
- To rename the app, edit "name" in app.json. To change the start page, edit "mainPage".
- Do not put code fences around file contents, and never wrap the whole answer in a code fence.`;

const LAYOUT = `## Files of an app

| Path | What it is |
|---|---|
| app.json | { "name": "Task Tracker", "mainPage": "Tasks" }: the app's name and the page it opens on |
| pages/{PageName}.jsx | one page per file, default export a React component; the page name is the file's base name (pages/TaskDetail.jsx is the page TaskDetail) |
| components/**/*.jsx | shared components (default or named exports) |
| layout.jsx | optional; default export Layout({ children, currentPageName }) wrapping every page |
| services/**/*.js | plain helper modules |
| globals.css | Tailwind CSS v4: @import "tailwindcss"; plus @theme { --color-primary: ...; } |

Paths are relative (no "..", no leading "/"), at most 200 characters, under those roots only, with
.jsx, .js, .tsx, .ts, .css or .json extensions. Pages are one level deep. There is no index.html,
main.jsx, router or package.json: the runtime provides them. Every page needs a default export and
app.json's mainPage must name an existing page.`;

const MODULES = `## Modules app code may import

${IMPORTS}

Navigate with <Link to={createPageUrl('Page')}> or
useNavigate()(createPageUrl('Page?id=' + id)); read ?id= with useSearchParams(). Use fetch only
for public URLs.

Entity client (every method returns a promise; rows carry id, createdAt, creatorId):

\`\`\`js
Task.list(sort?, limit?, skip?)            // sort: 'field' or '-field'; default '-createdAt'
Task.filter(query, sort?, limit?, skip?)   // query: the entity API's q ({ done: false, due: { $lt: '...' } })
Task.get(id)
Task.create(data)
Task.update(id, partialData)
Task.delete(id)
Task.deleteMany(query)
Task.bulkCreate(rows)
Task.schema()
User.me()                  // the signed-in app user or null
User.updateMe(data)
User.login(nextUrl?)       // goes to /apps/{appId}/login?nextUrl=
User.logout()
\`\`\`

UploadFile({ file }) resolves to { file_url }; InvokeLLM({ prompt, response_json_schema?,
add_context_from_data_sources? }) resolves to text, or to the parsed object when a JSON schema is given
(add_context_from_data_sources: true grounds the answer in the app's data sources);
SendEmail({ to, subject, body }) mails one of the app's own users; ExtractDataFromUploadedFile({ file,
json_schema }) reads a text, CSV, DOCX or PDF file into { status, output }; GenerateImage may be
unavailable (it throws), so offer it only as an extra. RunTool({ tool, inputs }) runs one of the app's
AI tools (listed below when it has any) by its path and resolves to { runId, result, sources,
creditsLeft, runsLeft } (result is markdown); it throws with a message to show when the user is out
of runs or credits.`;

const ENTITIES = `## Entities

${SCHEMAS}

${ACCESS}

${DATA}

Records you insert must match the schema; seed a few realistic ones when an empty app would look broken.`;

const STYLE = `## Look and code

- Write React function components with hooks, styled with Tailwind utility classes.
${COLOURS}
- Show the builder's App texts: the header shows useAppLook().header (and logoUrl when set), the home
  page useAppLook().welcomeMessage when set.
- Show loading and empty states, handle errors from entity calls, and keep pages responsive.
- Keep components small; put shared pieces in components/ and data helpers in services/.
- Plain JavaScript (.jsx/.js) unless the app already uses TypeScript.`;

const FILE_ORDER = (path: string): number =>
  path === 'app.json'
    ? 0
    : path.startsWith('layout.')
      ? 1
      : path.startsWith('pages/')
        ? 2
        : path.startsWith('components/')
          ? 3
          : path.startsWith('services/')
            ? 4
            : 5;

/** A fence longer than any backtick run in the text, so file contents cannot end it early. */
function fenceFor(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return '`'.repeat(longest + 1);
}

function languageOf(path: string): string {
  const ext = /\.([^.]+)$/.exec(path)?.[1] ?? '';
  return (
    ({ jsx: 'jsx', js: 'js', tsx: 'tsx', ts: 'ts', css: 'css', json: 'json' } as Record<string, string>)[ext] ?? ''
  );
}

function currentApp(snapshot: AppSnapshot, appName: string): string {
  const paths = Object.keys(snapshot.files).sort((a, b) => FILE_ORDER(a) - FILE_ORDER(b) || a.localeCompare(b));
  const parts = [`## The app now: ${appName}`];
  const entityNames = Object.keys(snapshot.entities);
  if (entityNames.length === 0) parts.push('Entities: none yet (the built-in User entity always exists).');
  else {
    parts.push(`Entities (plus the built-in User): ${entityNames.join(', ')}`);
    for (const name of entityNames) {
      const json = JSON.stringify({ name, ...snapshot.entities[name] }, null, 2);
      parts.push(`### Entity ${name}\n\`\`\`json\n${json}\n\`\`\``);
    }
  }
  const hasPage = paths.some((p) => p.startsWith('pages/'));
  if (!hasPage) parts.push('The app has no pages yet: create app.json, the pages, a layout and globals.css.');
  parts.push(`Files (${paths.length}), shown with their current contents; SEARCH text must match them exactly:`);
  for (const path of paths) {
    const text = snapshot.files[path]!;
    const fence = fenceFor(text);
    parts.push(`### ${path}\n${fence}${languageOf(path)}\n${text.replace(/\n$/, '')}\n${fence}`);
  }
  return parts.join('\n\n');
}

/** The app's tools and how its code runs them. */
function appTools(tools: AppToolBrief[]): string {
  const lines = tools.map((tool) => {
    const inputs = tool.inputs
      .map(
        (i) =>
          `${i.name} (${i.label}, ${i.type}${i.required ? ', required' : ''}${i.options.length ? `: ${i.options.join(' | ')}` : ''})`,
      )
      .join('; ');
    return `- "${tool.title || tool.path}": tool "${tool.path}", ${tool.isActive ? 'live' : 'draft (the builder must turn it on in App tools before it runs)'}; inputs: ${inputs || 'none'}`;
  });
  return `## The app's AI tools

Each answers from the builder's data with the AI. Run one from a page with
\`await RunTool({ tool: "path", inputs: { name: value } })\` (import { RunTool } from "@/integrations/Core")
and render its result as text; show the error's message when it throws.

${lines.join('\n')}`;
}

/**
 * The system prompt of the app-building chat: the action format, file layout, module specifiers,
 * entity client API and rules of docs/generated-apps.md, then the app's current files and entity
 * schemas (the model edits against them) and optional data context. About 2k tokens plus the files.
 */
export function buildSystemPrompt({ snapshot, appName, dataContext, tools }: SystemPromptInput): string {
  const intro = `You are Tessera's app builder. You build and change a web app for the builder (the person
chatting with you) by writing its files and its data entities. The app runs in the browser with React 19
and Tailwind CSS v4; its data lives in the platform's entity store, reached through entity clients.
Do what the builder asks, nothing unrelated; if a request is unclear, make a sensible choice and say so.
When the builder only asks a question, answer it without actions.`;
  const sections = [intro, FORMAT, EDITS, LAYOUT, MODULES, ENTITIES, STYLE, currentApp(snapshot, appName)];
  if (tools?.length) sections.push(appTools(tools));
  if (dataContext?.trim()) sections.push(`## Data in the app\n\n${dataContext.trim()}`);
  return `${sections.join('\n\n')}\n`;
}
