import { beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_PRESETS, permissionChangeRequest } from '@tessera/contracts/entities';
import type { AppSnapshot } from '../snapshot';
import { EMPTY_SNAPSHOT, badImports, compileErrors, errorsOf, runTurn } from './test-helpers';
import { planAppBuilderTurn } from './plan';
import { PALETTES } from './theme';
import { APP_KINDS, KNOWN_ENTITIES } from './catalogue';

let base: AppSnapshot;

beforeAll(async () => {
  const run = await runTurn(
    EMPTY_SNAPSHOT,
    'Build a task tracker with tasks (title, done, due date) and projects (name)',
  );
  expect(errorsOf(run.issues)).toEqual([]);
  base = run.snapshot;
});

async function change(snapshot: AppSnapshot, request: string) {
  const run = await runTurn(snapshot, request);
  expect(errorsOf(run.issues), request).toEqual([]);
  expect(await compileErrors(run.snapshot)).toEqual([]);
  expect(badImports(run.snapshot)).toEqual([]);
  const types = run.parsed.actions.map((a) => a.type);
  return { ...run, types, files: run.snapshot.files, entities: run.snapshot.entities };
}

describe('follow-ups on an existing app', () => {
  it('adds a field: edit_entity with the whole schema and regenerated pages', async () => {
    const { entities, files, types, parsed, turn } = await change(base, 'add a priority field to tasks');
    expect(entities.Task!.properties.priority).toEqual({
      type: 'string',
      enum: ['low', 'medium', 'high'],
      default: 'low',
    });
    expect(Object.keys(entities.Task!.properties)).toEqual(['title', 'done', 'due_date', 'project_id', 'priority']);
    expect(types).toContain('edit_entity');
    expect(types).not.toContain('add_entity');
    const edit = parsed.actions.find((a) => a.type === 'edit_entity')!;
    expect(JSON.parse(edit.content.replace(/^```json\n|```\s*$/g, ''))).toMatchObject({
      name: 'Task',
      required: ['title'],
    });
    expect(files['pages/TaskForm.jsx']).toMatch(/label="Priority"\s+type="select"/);
    expect(files['pages/Tasks.jsx']).toContain('filters.priority');
    expect(turn.text).toMatch(/priority/);
  });

  it('adds a field phrased as "tasks should have notes" (long text)', async () => {
    const { entities, files } = await change(base, 'tasks should have notes');
    expect(entities.Task!.properties.notes).toEqual({ type: 'string' });
    expect(files['pages/TaskForm.jsx']).toMatch(/label="Notes"\s+type="textarea"/);
  });

  it('adds a link to another entity: "tasks should have a project"', async () => {
    const { entities, files } = await change(base, 'tasks should have a project');
    expect(entities.Task!.properties.project_id).toEqual({ type: 'string' });
    expect(files['pages/ProjectDetail.jsx']).toContain('useRecords(Task, { query: { project_id: id }');
  });

  it('removes a field from the schema and every page', async () => {
    const { entities, files, types } = await change(base, 'remove the due date from tasks');
    expect(entities.Task!.properties.due_date).toBeUndefined();
    expect(types).toContain('edit_entity');
    for (const page of ['Tasks', 'TaskDetail', 'TaskForm'])
      expect(files[`pages/${page}.jsx`]).not.toContain('due_date');
  });

  it('adds an entity with its pages and a navigation link', async () => {
    const { entities, files, types } = await change(base, 'add a Contacts entity with name and email');
    expect(entities.Contact!.properties).toEqual({
      name: { type: 'string' },
      email: { type: 'string', format: 'email' },
    });
    expect(types).toContain('add_entity');
    expect(files['pages/Contacts.jsx']).toContain('useRecords(Contact, { sort, limit: LOAD_LIMIT })');
    expect(files['pages/ContactForm.jsx']).toMatch(/label="Email"\s+type="email"/);
    expect(files['layout.jsx']).toContain('page: "Contacts"');
    expect(files['pages/Home.jsx']).toContain('entity: Contact');
  });

  it('removes an entity: its pages and nav go, its schema (and data) stay', async () => {
    const { entities, files, types } = await change(base, 'remove projects');
    expect(types).toContain('delete_file');
    expect(files['pages/Projects.jsx']).toBeUndefined();
    expect(files['pages/ProjectDetail.jsx']).toBeUndefined();
    expect(files['layout.jsx']).not.toContain('"Projects"');
    expect(files['pages/Home.jsx']).not.toContain('Project');
    expect(entities.Project).toBeDefined();
    // And it can come back.
    const again = await change({ files, entities }, 'add projects');
    expect(again.files['pages/Projects.jsx']).toBeDefined();
  });

  it('adds an about page and a statistics page, each in the navigation', async () => {
    const about = await change(base, 'add an about page');
    expect(about.files['pages/About.jsx']).toContain('Task Tracker');
    expect(about.files['layout.jsx']).toContain('page: "About"');
    const stats = await change(about.snapshot, 'add a statistics page');
    expect(stats.files['pages/Statistics.jsx']).toContain(
      'Task.list("-createdAt", RECORD_LIMIT)'.replace('Task.list', 'stat.entity.list'),
    );
    expect(stats.files['pages/Statistics.jsx']).toContain('flags: [{ key: "done", label: "Done" }]');
    expect(stats.files['layout.jsx']).toMatch(/page: "About"[\s\S]*page: "Statistics"/);
  });

  it('renames the app with small edits of app.json and the layout', async () => {
    const { files, parsed } = await change(base, 'rename the app to Focus');
    expect(JSON.parse(files['app.json']!)).toEqual({ name: 'Focus', mainPage: 'Home' });
    expect(files['layout.jsx']).toContain('const APP_NAME = "Focus";');
    expect(parsed.actions.map((a) => [a.type, a.file])).toEqual([
      ['edit_file', 'app.json'],
      ['edit_file', 'layout.jsx'],
    ]);
  });

  it('changes the theme by editing globals.css only: dark, a named colour, a hex colour', async () => {
    const dark = await change(base, 'make it dark');
    expect(dark.parsed.actions.map((a) => [a.type, a.file])).toEqual([['edit_file', 'globals.css']]);
    expect(dark.files['globals.css']).toContain('--color-background: #0b1120;');
    const green = await change(dark.snapshot, 'use green');
    expect(green.files['globals.css']).toContain(`--color-primary: ${PALETTES.green};`);
    expect(green.files['globals.css']).toContain('--color-background: #0b1120;');
    const hex = await change(green.snapshot, 'change the primary colour to #ff6600');
    expect(hex.files['globals.css']).toContain('--color-primary: #ff6600;');
    const light = await change(hex.snapshot, 'switch back to light mode');
    expect(light.files['globals.css']).toContain('--color-background: #f8fafc;');
  });

  it('adds sample records that pass the schema', async () => {
    const { records, types } = await change(base, 'add some sample tasks');
    expect(types).toEqual(['insert_entity_records']);
    expect(records.Task).toHaveLength(5);
    expect(records.Task![0]).toMatchObject({ title: 'Plan the week', done: false });
    expect(typeof records.Task![0]!.due_date).toBe('string');
  });

  it('handles two requests in one message', async () => {
    const { entities, files } = await change(base, 'add a priority field to tasks and make it dark');
    expect(entities.Task!.properties.priority).toBeDefined();
    expect(files['globals.css']).toContain('--color-background: #0b1120;');
  });

  it('picks up a field added by hand in the database panel when regenerating pages', async () => {
    const handEdited: AppSnapshot = structuredClone(base);
    handEdited.entities.Task!.properties.estimate_hours = { type: 'number' };
    const { files } = await change(handEdited, 'regenerate the task pages');
    expect(files['pages/TaskForm.jsx']).toMatch(/label="Estimate hours"\s+type="number"/);
    const other = await change(handEdited, 'add a priority field to tasks');
    expect(other.entities.Task!.properties.estimate_hours).toEqual({ type: 'number' });
    expect(other.files['pages/TaskForm.jsx']).toContain('estimate_hours');
  });

  it('fixes errors by regenerating the app from its entities', async () => {
    const broken: AppSnapshot = structuredClone(base);
    broken.files['pages/Tasks.jsx'] = 'export default function Tasks() { return <div>; }';
    const { files, parsed, turn } = await change(
      broken,
      'The app shows these errors:\n- pages/Tasks.jsx: Unexpected token\n\nplease help me fix these errors',
    );
    expect(files['pages/Tasks.jsx']).toContain('useRecords(Task, { query: queryOf(filters)');
    // Only the file the errors name is rewritten, and no clause of the report is "left out".
    expect(parsed.actions.map((a) => a.file)).toEqual(['pages/Tasks.jsx']);
    expect(turn.text).not.toMatch(/I left out/);
  });

  it('answers politely with no actions when it cannot help', () => {
    const turn = planAppBuilderTurn({
      snapshot: base,
      messages: [{ role: 'user', text: 'connect it to my Stripe account' }],
    });
    expect(turn.text).not.toContain('<tessera-');
    expect(turn.text).toMatch(/I can:/);
    expect(turn.text).toMatch(/add a priority field to tasks/);
  });

  it('is deterministic for follow-ups too', () => {
    const input = {
      snapshot: base,
      messages: [{ role: 'user' as const, text: 'add a Contacts entity with name and email' }],
    };
    expect(planAppBuilderTurn(input)).toEqual(planAppBuilderTurn(input));
  });
});

describe('more follow-ups', () => {
  it('makes a field required or optional', async () => {
    const required = await change(base, 'make the due date required');
    expect(required.entities.Task!.required).toEqual(['title', 'due_date']);
    expect(required.files['pages/TaskForm.jsx']).toContain('errors.due_date = "Due date is required"');
    const optional = await change(required.snapshot, 'make the task title optional');
    expect(optional.entities.Task!.required).toEqual(['due_date']);
  });

  it('changes the choices of a select field', async () => {
    const withStatus = await change(base, 'tasks should have a status (todo, doing, done)');
    const changed = await change(withStatus.snapshot, 'change the status options to backlog, doing, review, done');
    expect(changed.entities.Task!.properties.status).toEqual({
      type: 'string',
      enum: ['backlog', 'doing', 'review', 'done'],
      default: 'backlog',
    });
    expect(changed.files['pages/Tasks.jsx']).toContain(
      'const STATUS_OPTIONS = ["backlog", "doing", "review", "done"];',
    );
  });

  it('reads entities written out in a follow-up: new ones are added, known ones get the fields', async () => {
    const { entities, files } = await change(
      base,
      'projects (name, colour, budget) and invoices (number, total, paid)',
    );
    expect(entities.Project!.properties).toMatchObject({
      colour: { type: 'string', format: 'color' },
      budget: { type: 'number' },
    });
    expect(entities.Invoice!.properties).toEqual({
      number: { type: 'number' },
      total: { type: 'number' },
      paid: { type: 'boolean', default: false },
    });
    expect(files['layout.jsx']).toContain('page: "Invoices"');
  });

  it('renames inside a layout it did not write, keeping that layout', async () => {
    const foreign: AppSnapshot = structuredClone(base);
    foreign.files['layout.jsx'] =
      'export default function Layout({ children }) {\n  return <div><h1>Task Tracker</h1>{children}</div>;\n}\n';
    const { files, parsed } = await change(foreign, 'rename the app to Focus');
    expect(files['layout.jsx']).toBe(
      'export default function Layout({ children }) {\n  return <div><h1>Focus</h1>{children}</div>;\n}\n',
    );
    expect(parsed.actions.find((a) => a.file === 'layout.jsx')!.type).toBe('edit_file');
  });

  it('sample data for every entity when none is named, with sensible years', async () => {
    const movies = await runTurn(EMPTY_SNAPSHOT, 'a movie watchlist');
    const { records } = await change(movies.snapshot, 'fill the app with 3 example records');
    expect(records.Movie).toHaveLength(3);
    for (const movie of records.Movie!) expect(movie.year).toBeGreaterThan(1980);
  });
});

describe('every kind of app and every catalogue entity', () => {
  it('builds each app kind of the catalogue into a valid app', async () => {
    for (const kind of APP_KINDS) {
      const word = kind.pattern.source
        .replace(/\\b|[()?]/g, '')
        .split('|')[0]!
        .replace(/\\s\?|s\?$/g, '');
      const run = await runTurn(EMPTY_SNAPSHOT, `a ${word} app`);
      expect(errorsOf(run.issues), `${kind.id}: "a ${word} app"`).toEqual([]);
      expect(Object.keys(run.snapshot.entities).length, kind.id).toBeGreaterThan(0);
    }
  }, 60_000);

  it('adds each catalogue entity to an existing app, then sample records for it', async () => {
    for (const name of Object.keys(KNOWN_ENTITIES)) {
      if (base.entities[name]) continue;
      const added = await runTurn(base, `add a ${name} entity`);
      expect(errorsOf(added.issues), name).toEqual([]);
      expect(added.snapshot.entities[name], name).toBeDefined();
      const seeded = await runTurn(added.snapshot, `add 3 sample ${name} records`);
      expect(errorsOf(seeded.issues), name).toEqual([]);
      expect(seeded.records[name], name).toHaveLength(3);
    }
  }, 60_000);

  it('does not invent a field or a page from "add a field" / "add a page"', () => {
    for (const text of ['add a field', 'add a page', 'add another one']) {
      const turn = planAppBuilderTurn({ snapshot: base, messages: [{ role: 'user', text }] });
      expect(turn.text, text).not.toContain('<tessera-');
    }
  });
});

describe('an app another model wrote', () => {
  const foreign: AppSnapshot = {
    files: {
      'app.json': JSON.stringify({ name: 'Chores', mainPage: 'Dashboard' }),
      'globals.css': '@import "tailwindcss";\n',
      'layout.jsx':
        'export default function Layout({ children }) {\n  return <main className="p-4"><h1>Chores</h1>{children}</main>;\n}\n',
      'pages/Dashboard.jsx':
        'import { Chore } from "@/entities/Chore";\nexport default function Dashboard() { return <p>{String(Chore)}</p>; }\n',
    },
    entities: {
      Chore: {
        type: 'object',
        properties: { title: { type: 'string' }, done: { type: 'boolean' } },
        'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
      },
    },
  };

  it('adds a field by writing pages for the entity (with the shared components they need)', async () => {
    const { files, entities } = await change(foreign, 'add a due date to chores');
    expect(entities.Chore!.properties.due_date).toEqual({ type: 'string', format: 'date' });
    expect(files['pages/ChoreForm.jsx']).toMatch(/label="Due date"\s+type="date"/);
    expect(files['components/FieldInput.jsx']).toBeDefined();
    expect(files['pages/Dashboard.jsx']).toBe(foreign.files['pages/Dashboard.jsx']);
    expect(files['layout.jsx']).toContain('page: "Chores"');
  });

  it('changes the theme of a globals.css without an @theme block', async () => {
    const { files } = await change(foreign, 'make it dark');
    expect(files['globals.css']).toMatch(/@theme \{[^}]*--color-background: #0b1120;/);
  });

  it('adds a page with a navigation that keeps the existing pages', async () => {
    const { files } = await change(foreign, 'add an about page');
    expect(files['pages/About.jsx']).toContain('Chores');
    expect(files['layout.jsx']).toMatch(/page: "About"[\s\S]*page: "Dashboard"|page: "Dashboard"[\s\S]*page: "About"/);
  });
});

describe('access rules', () => {
  it('makes an entity public, private or readable by anyone with edit_entity only', async () => {
    const pub = await change(base, 'make projects public');
    expect(pub.entities.Project!['x-accessControl'].permissions).toEqual({ read: 'all', write: 'creator' });
    expect(pub.types).toEqual(['edit_entity']);
    const anyone = await change(pub.snapshot, 'let anyone see the projects');
    expect(anyone.entities.Project!['x-accessControl'].permissions).toEqual({ read: 'anonymous', write: 'admin' });
    const priv = await change(anyone.snapshot, 'make projects private again');
    expect(priv.entities.Project!['x-accessControl'].permissions).toEqual({ read: 'creator', write: 'creator' });
    expect(priv.entities.Task!['x-accessControl'].permissions).toEqual({ read: 'creator', write: 'creator' });
  });

  it('applies the exact levels of the Database panel request, for every preset and a custom pair', async () => {
    const changes = [...ACCESS_PRESETS.map((p) => p.permissions), { read: 'none', write: 'all' } as const].filter(
      (p) => p.read !== 'creator' || p.write !== 'creator',
    );
    expect(changes).toHaveLength(6);
    for (const permissions of changes) {
      const turn = await change(base, permissionChangeRequest('Project', permissions));
      expect(turn.entities.Project!['x-accessControl'].permissions).toEqual(permissions);
      expect(turn.entities.Task!['x-accessControl'].permissions).toEqual({ read: 'creator', write: 'creator' });
      expect(turn.types).toEqual(['edit_entity']);
    }
    const same = planAppBuilderTurn({
      snapshot: base,
      messages: [{ role: 'user', text: permissionChangeRequest('Project', { read: 'creator', write: 'creator' }) }],
    });
    expect(same.text).toContain('already has these access rules');
  });
});

describe('requests about what every app already has', () => {
  it('explains built-in sign-in instead of inventing a "UserLogin" entity', () => {
    const turn = planAppBuilderTurn({
      snapshot: base,
      messages: [{ role: 'user', text: 'hi, can you add user login with google?' }],
    });
    expect(turn.text).not.toContain('<tessera-');
    expect(turn.text).toContain('User.login()');
  });

  it('points at the existing search and filters instead of adding a "search" field', () => {
    const turn = planAppBuilderTurn({ snapshot: base, messages: [{ role: 'user', text: 'add search to tasks' }] });
    expect(turn.text).not.toContain('<tessera-');
    expect(turn.text).toMatch(/search box/);
  });

  it('still adds fields whose names mention those words', async () => {
    const { entities } = await change(base, 'add a last login field to tasks');
    expect(entities.Task!.properties.last_login).toEqual({ type: 'string' });
  });
});

describe('conversation niceties', () => {
  it('says which fields exist when asked to remove one that does not', () => {
    const turn = planAppBuilderTurn({ snapshot: base, messages: [{ role: 'user', text: 'delete the notes field' }] });
    expect(turn.text).not.toContain('<tessera-');
    expect(turn.text).toContain('Task has title, done, due_date and project_id');
  });

  it('asks which colour for "change the colors", takes a colour word from "make the header purple"', async () => {
    const ask = planAppBuilderTurn({ snapshot: base, messages: [{ role: 'user', text: 'change the colors' }] });
    expect(ask.text).not.toContain('<tessera-');
    expect(ask.text).toMatch(/which colour/);
    const { files } = await change(base, 'can you make the header purple?');
    expect(files['globals.css']).toContain(`--color-primary: ${PALETTES.purple};`);
  });

  it('answers thanks without changing anything, and "tasks need a description" adds the field', async () => {
    const thanks = planAppBuilderTurn({ snapshot: base, messages: [{ role: 'user', text: 'thanks!' }] });
    expect(thanks.text).toMatch(/^You're welcome!/);
    const { entities } = await change(base, 'tasks need a description');
    expect(entities.Task!.properties.description).toEqual({ type: 'string' });
  });
});

describe('long conversations', () => {
  const steps = [
    'add a priority field to tasks',
    'add a Contacts entity with name, email and phone',
    'tasks should have a contact',
    'add a statistics page and make it dark',
    'rename the app to "Team Board"',
    'remove the due date from tasks',
    'make the contact email required',
    'add an about page',
    'remove projects',
    'use teal',
    'add 4 sample contacts',
    'change the priority options to low, normal, urgent',
    'add projects',
    'make contacts public',
    'remove the about page',
    'add a notes field to contacts',
  ];

  it('stays valid after every step of a long conversation', async () => {
    let snapshot = base;
    for (const step of steps) {
      const run = await runTurn(snapshot, step);
      expect(errorsOf(run.issues), step).toEqual([]);
      expect(run.parsed.actions.length, step).toBeGreaterThan(0);
      expect(await compileErrors(run.snapshot), step).toEqual([]);
      snapshot = run.snapshot;
    }
    expect(JSON.parse(snapshot.files['app.json']!).name).toBe('Team Board');
    expect(snapshot.entities.Task!.properties).toMatchObject({
      contact_id: { type: 'string' },
      priority: { enum: ['low', 'normal', 'urgent'] },
    });
    expect(snapshot.entities.Contact!.required).toEqual(['name', 'email']);
    expect(snapshot.files['pages/About.jsx']).toBeUndefined();
    expect(snapshot.files['pages/Projects.jsx']).toBeDefined();
    expect(snapshot.files['layout.jsx']).toMatch(
      /page: "Tasks"[\s\S]*page: "Projects"[\s\S]*page: "Contacts"[\s\S]*page: "Statistics"/,
    );
    expect(snapshot.files['globals.css']).toContain(`--color-primary: ${PALETTES.teal};`);
    expect(snapshot.files['globals.css']).toContain('--color-background: #0b1120;');
    const again = planAppBuilderTurn({ snapshot, messages: [{ role: 'user', text: 'regenerate the task pages' }] });
    expect(again.text).toMatch(/^Everything already matches/);
  }, 60_000);
});

describe('kanban board', () => {
  it('adds a board for tasks, adding a status field for its columns', async () => {
    const { entities, files, turn } = await change(base, 'add a kanban board for tasks');
    expect(entities.Task!.properties.status).toEqual({
      type: 'string',
      enum: ['todo', 'in_progress', 'done'],
      default: 'todo',
    });
    const board = files['pages/TaskBoard.jsx']!;
    expect(board).toContain('const COLUMNS = ["todo", "in_progress", "done"];');
    expect(board).toContain('useRecords(Task, { limit: 500 })');
    expect(board).toContain('await update(card.id, { [FIELD]: value })');
    expect(files['layout.jsx']).toContain('page: "TaskBoard"');
    expect(turn.text).toMatch(/status/);
    // It follows later changes of the choice list.
    const changed = await change({ files, entities }, 'change the status options to backlog, doing, done');
    expect(changed.files['pages/TaskBoard.jsx']).toContain('const COLUMNS = ["backlog", "doing", "done"];');
    expect(changed.files['layout.jsx']).toContain('label: "Tasks board"');
  });

  it('removes the board again', async () => {
    const withBoard = await change(base, 'add a kanban board for tasks');
    const { files, types } = await change(withBoard.snapshot, 'remove the board');
    expect(types).toContain('delete_file');
    expect(files['pages/TaskBoard.jsx']).toBeUndefined();
    expect(files['layout.jsx']).not.toContain('TaskBoard');
  });

  it('uses an existing choice field for the columns', async () => {
    const withPriority = await change(base, 'add a priority field to tasks');
    const { entities, files } = await change(withPriority.snapshot, 'show tasks on a board');
    expect(entities.Task!.properties.status).toBeUndefined();
    expect(files['pages/TaskBoard.jsx']).toContain('const FIELD = "priority";');
  });
});

describe('main page and renames of entities or fields', () => {
  it('sets the page the app opens on', async () => {
    const { files, parsed } = await change(base, 'make tasks the home page');
    expect(JSON.parse(files['app.json']!).mainPage).toBe('Tasks');
    expect(parsed.actions.map((a) => [a.type, a.file])).toEqual([['edit_file', 'app.json']]);
  });

  it('explains instead of renaming an entity or a field (records would stay behind)', () => {
    for (const text of ['rename tasks to todos', 'rename the due date field to deadline']) {
      const turn = planAppBuilderTurn({ snapshot: base, messages: [{ role: 'user', text }] });
      expect(turn.text, text).not.toContain('<tessera-');
      expect(turn.text, text).toMatch(/would leave the records/);
    }
  });
});

describe('robustness', () => {
  const odd = [
    '',
    '   ',
    '🙂🚀',
    'SELECT * FROM tasks; DROP TABLE users;',
    '{"add": "field"}',
    'export default function X() { return <div/> }',
    'a'.repeat(5000),
    'add',
    'remove',
    'make',
    'add  to tasks',
    'add a field called "weird name!!" to tasks',
    'add ) ( field to tasks',
    'rename the app to ""',
    'rename the app to <script>alert(1)</script>',
    'change the primary colour to #12',
    'add 999 sample tasks',
    'remove everything',
    'make the app required',
    'add an about page and an about page',
    'and and and',
    'add a User entity with name',
    'add a createdAt field to tasks',
    'add a Date entity (value, note)',
  ];

  it('never throws, and whatever it writes applies and validates', async () => {
    for (const text of odd) {
      const run = await runTurn(base, text);
      expect(errorsOf(run.issues), JSON.stringify(text.slice(0, 60))).toEqual([]);
    }
  }, 60_000);

  it('works on stored schemas missing access rules or properties', async () => {
    const bare = structuredClone(base) as AppSnapshot;
    bare.entities.Task = {
      type: 'object',
      properties: { title: { type: 'string' } },
    } as unknown as AppSnapshot['entities'][string];
    bare.entities.Project = { type: 'object' } as unknown as AppSnapshot['entities'][string];
    for (const text of ['add a priority field to tasks', 'make tasks public', 'add notes to projects']) {
      const run = await runTurn(bare, text);
      expect(errorsOf(run.issues), text).toEqual([]);
    }
  });
});

describe('fields with choices and links in words', () => {
  it('"add a cuisine field with italian, mexican and indian" is a choice field of the main entity', async () => {
    const recipes = await runTurn(EMPTY_SNAPSHOT, 'a recipe book');
    const { entities } = await change(recipes.snapshot, 'add a cuisine field with italian, mexican and indian');
    expect(entities.Recipe!.properties.cuisine).toEqual({
      type: 'string',
      enum: ['italian', 'mexican', 'indian'],
      default: 'italian',
    });
    const mood = await change(recipes.snapshot, 'add a mood field (great, ok, bad) to recipes');
    expect(mood.entities.Recipe!.properties.mood!.enum).toEqual(['great', 'ok', 'bad']);
  });

  it('keeps the choices given after the entity verbatim, even for a field the catalogue knows', async () => {
    const clinic = await runTurn(EMPTY_SNAPSHOT, 'patients (name, phone) and appointments (date, patient)');
    for (const request of [
      'add a status to appointments: booked, done, cancelled',
      'add a status field to appointments with options booked, done and cancelled',
    ]) {
      const { entities } = await change(clinic.snapshot, request);
      expect(entities.Appointment!.properties.status, request).toEqual({
        type: 'string',
        enum: ['booked', 'done', 'cancelled'],
        default: 'booked',
      });
    }
  });

  it('"linked to recipes" in a new entity is a reference', async () => {
    const recipes = await runTurn(EMPTY_SNAPSHOT, 'a recipe book');
    const { entities, files } = await change(
      recipes.snapshot,
      'add an ingredients entity with name and quantity, linked to recipes',
    );
    expect(entities.Ingredient!.properties).toEqual({
      name: { type: 'string' },
      quantity: { type: 'number' },
      recipe_id: { type: 'string' },
    });
    expect(files['pages/RecipeDetail.jsx']).toContain('useRecords(Ingredient, { query: { recipe_id: id }');
  });
});

describe('bringing removed pages back', () => {
  it('"add the check-ins back" and "bring back habits" restore pages and nav', async () => {
    const habits = await runTurn(EMPTY_SNAPSHOT, 'habit tracker');
    const removed = await change(habits.snapshot, 'remove check-ins');
    expect(removed.files['pages/CheckIns.jsx']).toBeUndefined();
    expect(removed.turn.text).toContain('"bring back check ins"');
    const back = await change(removed.snapshot, 'add the check-ins back');
    expect(back.files['pages/CheckIns.jsx']).toBeDefined();
    expect(back.files['layout.jsx']).toContain('page: "CheckIns"');
    const again = await change((await change(back.snapshot, 'remove habits')).snapshot, 'bring back habits');
    expect(again.files['pages/Habits.jsx']).toBeDefined();
  });
});

describe('calendar page', () => {
  it('lists every record with a date by day, and follows new date fields', async () => {
    const { files } = await change(base, 'add a calendar page');
    const page = files['pages/Calendar.jsx']!;
    expect(page).toContain(
      '{ label: "Task", entity: Task, field: "due_date", hasTime: false, titleField: "title", detail: "TaskDetail" },',
    );
    expect(page).not.toContain('entity: Project');
    const withDeadline = await change(
      { files, entities: (await runTurn(base, 'add a calendar page')).snapshot.entities },
      'add a deadline to projects',
    );
    expect(withDeadline.files['pages/Calendar.jsx']).toContain('entity: Project, field: "deadline"');
  });
});

describe('continue', () => {
  it('answers "Continue" (after a truncated answer elsewhere) with prose: nothing of its own is ever cut off', () => {
    const turn = planAppBuilderTurn({
      snapshot: base,
      messages: [
        { role: 'user', text: 'add notes to tasks' },
        { role: 'assistant', text: '…' },
        { role: 'user', text: 'Continue' },
      ],
    });
    expect(turn.text).not.toContain('<tessera-');
    expect(turn.text).toMatch(/nothing left to continue/);
  });
});
