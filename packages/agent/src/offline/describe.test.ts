import { describe, expect, it } from 'vitest';
import { EMPTY_SNAPSHOT, badImports, compileErrors, errorsOf, runTurn } from './test-helpers';
import { planAppBuilderTurn } from './plan';
import { PALETTES } from './theme';

async function build(description: string) {
  const run = await runTurn(EMPTY_SNAPSHOT, description);
  expect(errorsOf(run.issues)).toEqual([]);
  expect(await compileErrors(run.snapshot)).toEqual([]);
  expect(badImports(run.snapshot)).toEqual([]);
  const manifest = JSON.parse(run.snapshot.files['app.json']!) as { name: string; mainPage: string };
  return { ...run, manifest, entities: run.snapshot.entities };
}

describe('first turn: understanding a description', () => {
  it('builds the task tracker of the issue with the exact field types', async () => {
    const { entities, manifest, snapshot, turn } = await build(
      'Build a task tracker with tasks (title, done, due date) and projects (name)',
    );
    expect(Object.keys(entities)).toEqual(['Task', 'Project']);
    // Tasks of an app with projects belong to one (the template's hint), but keep exactly the fields asked for.
    expect(entities.Task!.properties).toEqual({
      title: { type: 'string' },
      done: { type: 'boolean', default: false },
      due_date: { type: 'string', format: 'date' },
      project_id: { type: 'string' },
    });
    expect(entities.Task!.required).toEqual(['title']);
    expect(entities.Task!['x-accessControl'].permissions).toEqual({ read: 'creator', write: 'creator' });
    expect(entities.Project!.properties).toEqual({ name: { type: 'string' } });
    expect(manifest).toEqual({ name: 'Task Tracker', mainPage: 'Home' });
    for (const page of ['Home', 'Tasks', 'TaskDetail', 'TaskForm', 'Projects', 'ProjectDetail', 'ProjectForm']) {
      expect(snapshot.files[`pages/${page}.jsx`], page).toBeDefined();
    }
    for (const file of [
      'layout.jsx',
      'globals.css',
      'components/PageHeader.jsx',
      'components/EmptyState.jsx',
      'components/FieldInput.jsx',
    ]) {
      expect(snapshot.files[file], file).toBeDefined();
    }
    expect(snapshot.files['globals.css']).toMatch(/^@import "tailwindcss";/);
    expect(snapshot.files['globals.css']).toMatch(/@theme \{[^}]*--color-primary: #[0-9a-f]{6};/);
    expect(snapshot.files['layout.jsx']).toContain('const APP_NAME = "Task Tracker";');
    expect(snapshot.files['layout.jsx']).toMatch(/page: "Tasks"[\s\S]*page: "Projects"/);
    // Prose before and after the group.
    expect(turn.text.indexOf('Task Tracker')).toBeLessThan(turn.text.indexOf('<tessera-group'));
    expect(turn.text.slice(turn.text.lastIndexOf('</tessera-group>'))).toMatch(/Try next/);
  });

  it('wires the pages to the entity SDK: list, filter, get, create, update, delete', async () => {
    const { snapshot } = await build(
      'Build a task tracker with tasks (title, done, due date, status (todo, doing, done)) and projects (name)',
    );
    const list = snapshot.files['pages/Tasks.jsx']!;
    expect(list).toContain('useRecords(Task, { query: queryOf(filters), sort, limit: LOAD_LIMIT })');
    expect(list).toContain('query.status = filters.status');
    expect(list).toContain('query.done = filters.done === "yes"');
    expect(list).toContain('window.confirm(');
    expect(list).toContain('remove(task.id)');
    expect(list).toContain('update(task.id, { [key]: !task[key] })');
    expect(list).toContain('"-createdAt"');
    expect(list).toContain('<EmptyState');
    expect(list).toContain('<ErrorMessage');
    const detail = snapshot.files['pages/TaskDetail.jsx']!;
    expect(detail).toContain('searchParams.get("id")');
    expect(detail).toContain('useRecord(Task, id)');
    const form = snapshot.files['pages/TaskForm.jsx']!;
    expect(form).toContain('await Task.update(id, toRecord(values))');
    expect(form).toContain('await Task.create(toRecord(values))');
    expect(form).toContain('errors.title = "Title is required"');
    expect(form).toMatch(/label="Done"\s+type="checkbox"/);
    expect(form).toMatch(/label="Due date"\s+type="date"/);
    expect(form).toMatch(/label="Status"\s+type="select"\s+options=\{\["todo", "doing", "done"\]\}/);
  });

  it('links entities: a field named after another entity and "belongs to" phrases', async () => {
    const { entities, snapshot } = await build(
      'An app with projects (name) and tasks (title, project). Notes belong to projects; notes (text, pinned)',
    );
    expect(entities.Task!.properties.project_id).toEqual({ type: 'string' });
    expect(entities.Note!.properties.project_id).toEqual({ type: 'string' });
    const form = snapshot.files['pages/TaskForm.jsx']!;
    expect(form).toContain('useRecords(Project, { limit: 1000 })');
    expect(form).toMatch(/label="Project"\s+type="select"\s+options=\{projects\.map/);
    // The project page lists its tasks and offers to add one there.
    expect(snapshot.files['pages/ProjectDetail.jsx']).toContain(
      'useRecords(Task, { query: { project_id: id }, limit: 100 })',
    );
    expect(snapshot.files['pages/ProjectDetail.jsx']).toContain('"TaskForm?project_id="');
  });

  it('a recipe book: catalogue entity, image field named for the grid, orange theme', async () => {
    const { entities, manifest, snapshot } = await build('a recipe book');
    expect(manifest.name).toBe('Recipe Book');
    const recipe = entities.Recipe!;
    expect(recipe.required).toEqual(['title']);
    const image = Object.entries(recipe.properties).find(([, p]) => p.format === 'image');
    expect(image?.[0]).toMatch(/image/);
    expect(recipe.properties.category!.enum).toContain('dessert');
    expect(recipe.properties.servings).toEqual({ type: 'number' });
    expect(snapshot.files['globals.css']).toContain(`--color-primary: ${PALETTES.orange};`);
  });

  it('CRM for my bakery: customers and deals, "Bakery CRM", a warm palette', async () => {
    const { entities, manifest, snapshot } = await build('CRM for my bakery');
    expect(manifest.name).toBe('Bakery CRM');
    expect(Object.keys(entities)).toEqual(['Customer', 'Deal']);
    expect(entities.Customer!.properties.email).toEqual({ type: 'string', format: 'email' });
    expect(entities.Deal!.properties.customer_id).toEqual({ type: 'string' });
    expect(entities.Deal!.properties.value).toEqual({ type: 'number' });
    expect(snapshot.files['globals.css']).toContain(`--color-primary: ${PALETTES.amber};`);
  });

  it('habit tracker: habits with check-ins linked to them', async () => {
    const { entities, manifest, snapshot } = await build('habit tracker');
    expect(manifest.name).toBe('Habit Tracker');
    expect(Object.keys(entities)).toEqual(['Habit', 'CheckIn']);
    expect(entities.CheckIn!.properties.habit_id).toEqual({ type: 'string' });
    expect(entities.CheckIn!.properties.date).toEqual({ type: 'string', format: 'date' });
    expect(snapshot.files['pages/CheckIns.jsx']).toBeDefined();
  });

  it('infers number, email, url and image types from names', async () => {
    const { entities } = await build(
      'Inventory app with products (name, price, qty, rating, supplier email, photo, website, phone number)',
    );
    const p = entities.Product!.properties;
    expect(p.price).toEqual({ type: 'number', minimum: 0, description: 'Amount in USD' });
    expect(p.qty).toEqual({ type: 'integer', minimum: 0 });
    expect(p.rating).toEqual({ type: 'integer', minimum: 1, maximum: 5 });
    expect(p.supplier_email).toEqual({ type: 'string', format: 'email' });
    expect(p.photo).toEqual({ type: 'string', format: 'image' });
    expect(p.website).toEqual({ type: 'string', format: 'uri' });
    expect(p.phone_number).toEqual({ type: 'string' });
  });

  it('reads listed values as enums, tags as lists and "at" as date-time', async () => {
    const { entities } = await build(
      'An event planner with events (title, starts at, location, status (draft, published, cancelled), tags, is_free, completed)',
    );
    const p = entities.Event!.properties;
    expect(p.starts_at).toEqual({ type: 'string', format: 'date-time' });
    expect(p.status).toEqual({ type: 'string', enum: ['draft', 'published', 'cancelled'], default: 'draft' });
    expect(p.tags).toEqual({ type: 'array', items: { type: 'string' } });
    expect(p.is_free).toEqual({ type: 'boolean', default: false });
    expect(p.completed).toEqual({ type: 'boolean', default: false });
    expect(p.location).toEqual({ type: 'string' });
  });

  it('reads "Entity: fields" lines and deadline / "joined at" fields', async () => {
    const { entities } = await build(
      'A library app\nBooks: title, author, isbn, deadline, available\nMembers: name, email, joined at',
    );
    expect(Object.keys(entities)).toEqual(['Book', 'Member']);
    expect(entities.Book!.properties).toMatchObject({
      isbn: { type: 'string' },
      deadline: { type: 'string', format: 'date' },
      available: { type: 'boolean', default: false },
    });
    expect(entities.Member!.properties.joined_at).toEqual({ type: 'string', format: 'date-time' });
  });

  it('takes the name from "called ..." and a colour or dark mode from the description', async () => {
    const named = await build('a reading list app called Bookworm, in green');
    expect(named.manifest.name).toBe('Bookworm');
    expect(Object.keys(named.entities)).toContain('Book');
    expect(named.snapshot.files['globals.css']).toContain(`--color-primary: ${PALETTES.green};`);
    const dark = await build('Build a workout log with a dark theme');
    expect(Object.keys(dark.entities)).toEqual(['Workout', 'Exercise']);
    expect(dark.snapshot.files['globals.css']).toContain('--color-background: #0b1120;');
    expect(dark.manifest.name).toBe('Workout Log');
  });

  it('falls back to a generic entity for an unknown kind of app', async () => {
    const { entities, manifest } = await build('An app to manage my vinyl collection');
    expect(Object.keys(entities)).toEqual(['Vinyl']);
    expect(entities.Vinyl!.required).toEqual(['title']);
    expect(manifest.name).toBe('Vinyl Collection');
  });

  it('job applications: dates from "on", links from "link", numbers from "salary"', async () => {
    const { entities } = await build(
      'Job hunt tracker with applications (company, role, applied on, link, salary, status (applied, interview, offer, rejected))',
    );
    const p = entities.Application!.properties;
    expect(p.applied_on).toEqual({ type: 'string', format: 'date' });
    expect(p.link).toEqual({ type: 'string', format: 'uri' });
    expect(p.salary).toEqual({ type: 'number', minimum: 0, description: 'Amount in USD' });
    expect(p.status!.enum).toEqual(['applied', 'interview', 'offer', 'rejected']);
  });

  it('never redefines the built-in User entity', async () => {
    const { entities } = await build('A club app with users (name, email) and meetings (title, held at)');
    expect(Object.keys(entities)).toEqual(['Member', 'Meeting']);
    expect(entities.Meeting!.properties.held_at).toEqual({ type: 'string', format: 'date-time' });
  });

  it('notes app, expense tracker and help desk from a few words', async () => {
    expect(Object.keys((await build('a simple notes app')).entities)).toEqual(['Note']);
    const expenses = await build('expense tracker');
    expect(expenses.entities.Expense!.properties.amount).toEqual({ type: 'number' });
    expect(expenses.entities.Expense!.required).toEqual(['title', 'amount']);
    expect(Object.keys((await build('a help desk for support tickets')).entities)).toEqual(['Ticket']);
  });

  it('answers small talk on an empty app with what it can do, and builds after "go ahead"', async () => {
    const hello = planAppBuilderTurn({ snapshot: EMPTY_SNAPSHOT, messages: [{ role: 'user', text: 'hello' }] });
    expect(hello.text).not.toContain('<tessera-');
    expect(hello.text).toMatch(/task tracker/);
    const later = await runTurn(EMPTY_SNAPSHOT, [
      { role: 'user', text: 'a recipe book' },
      { role: 'assistant', text: 'Shall I build it?' },
      { role: 'user', text: 'go ahead' },
    ]);
    expect(Object.keys(later.snapshot.entities)).toEqual(['Recipe']);
  });

  it('reads "recipes have a title, ..." sentences; "cook time" is a duration, "listened" a yes/no', async () => {
    const { entities } = await build(
      'A recipe app where recipes have a title, ingredients, steps, cook time, listened and a photo',
    );
    expect(entities.Recipe!.properties).toEqual({
      title: { type: 'string' },
      ingredients: { type: 'string' },
      steps: { type: 'string' },
      cook_time: { type: 'number' },
      listened: { type: 'boolean', default: false },
      photo: { type: 'string', format: 'image' },
    });
  });

  it('names apps after "… management" / "… watchlist" phrases; licence numbers stay text', async () => {
    const fleet = await build(
      'Fleet management with vehicles (plate, model, year, mileage, last service date) and drivers (name, license number, phone)',
    );
    expect(fleet.manifest.name).toBe('Fleet Management');
    expect(fleet.entities.Vehicle!.properties.mileage).toEqual({ type: 'integer', minimum: 0 });
    expect(fleet.entities.Driver!.properties.license_number).toEqual({ type: 'string' });
    expect((await build('Build a movie watchlist')).manifest.name).toBe('Movie Watchlist');
  });

  it('takes a quoted name, drops reserved fields and keeps at most 100 properties', async () => {
    const gym = await build('Build a "Gym Buddy" app with workouts (id, name, createdAt, date)');
    expect(gym.manifest.name).toBe('Gym Buddy');
    expect(Object.keys(gym.entities.Workout!.properties)).toEqual(['name', 'date']);
    const wide = await build(`items (${Array.from({ length: 120 }, (_, i) => `field${i}`).join(', ')})`);
    expect(Object.keys(wide.entities.Item!.properties)).toHaveLength(100);
  });

  it('reads fields from sentences, keeping "(todo, done)" inside them as choices', async () => {
    const { entities } = await build(
      'Each task has a title, a due date and a status (todo, done). Projects have a name and a deadline.',
    );
    expect(Object.keys(entities)).toEqual(['Task', 'Project']);
    expect(entities.Task!.properties).toEqual({
      title: { type: 'string' },
      due_date: { type: 'string', format: 'date' },
      status: { type: 'string', enum: ['todo', 'done'], default: 'todo' },
      project_id: { type: 'string' },
    });
    expect(entities.Project!.properties).toEqual({
      name: { type: 'string' },
      deadline: { type: 'string', format: 'date' },
    });
  });

  it('"for each client I want …" and "books with …; meetings with …" after a colon', async () => {
    const clients = await build(
      'I need to keep track of my clients. For each client I want their name, email and phone.',
    );
    expect(clients.manifest.name).toBe('Clients');
    expect(Object.keys(clients.entities)).toEqual(['Client']);
    expect(clients.entities.Client!.properties).toEqual({
      name: { type: 'string' },
      email: { type: 'string', format: 'email' },
      phone: { type: 'string' },
    });
    const club = await build(
      'A simple app for my book club: books with title, author and rating; meetings with date, host and book',
    );
    expect(club.manifest.name).toBe('Book Club');
    expect(Object.keys(club.entities)).toEqual(['Book', 'Meeting']);
    expect(Object.keys(club.entities.Book!.properties)).toEqual(['title', 'author', 'rating']);
    expect(club.entities.Meeting!.properties.book_id).toEqual({ type: 'string' });
  });

  it('reads entities listed one after another, each with its fields in parentheses', async () => {
    const club = await build(
      'A book club app: members (name, email), books (title, author, rating 1-5) and meetings (date, book)',
    );
    expect(Object.keys(club.entities)).toEqual(['Member', 'Book', 'Meeting']);
    expect(Object.keys(club.entities.Book!.properties)).toEqual(['title', 'author', 'rating']);
    expect(club.entities.Book!.properties.rating).toMatchObject({ type: 'integer', minimum: 1, maximum: 5 });
    expect(club.entities.Meeting!.properties.book_id).toEqual({ type: 'string' });
    // A field with its choices after a comma is still a field: "a name, species (dog, cat)".
    const pets = await build('Pets have a name, species (dog, cat, rabbit) and birthday');
    expect(pets.entities.Pet!.properties.species).toMatchObject({ enum: ['dog', 'cat', 'rabbit'] });
  });

  it('reads the fields of an app named after its record, a status after choices and a name led by a number word', async () => {
    const mood = await build('A daily mood journal with date, mood from 1-10, sleep hours and a photo of the day.');
    expect(mood.entities.JournalEntry!.properties).toMatchObject({
      date: { format: 'date' },
      mood: { type: 'integer', minimum: 1, maximum: 10 },
      sleep_hours: { type: 'number' },
      photo: { format: 'image' },
    });
    const requests = await build(
      'Maintenance requests: tenants submit requests with a unit, urgency (low, urgent) and status (new, done).',
    );
    expect(Object.keys(requests.entities)).toEqual(['Request']);
    expect(requests.entities.Request!.properties.status).toMatchObject({ enum: ['new', 'done'] });
    const goals = await build('Track my savings goals: goal name, target amount and target date.');
    expect(goals.entities.Goal!.properties.name).toEqual({ type: 'string' });
  });

  it('makes what visitors leave on a form the record, and links a lending app’s loans to the thing lent', async () => {
    const form = await build('A feedback form for my café: visitors leave their name, a rating 1-5 and a comment.');
    expect(Object.keys(form.entities)).toEqual(['Feedback']);
    expect(Object.keys(form.entities.Feedback!.properties)).toEqual(['name', 'rating', 'comment']);
    const lending = await build(
      'Tool lending: tools (name, location) and loans with a member name, borrowed date and return date.',
    );
    expect(lending.entities.Loan!.properties.tool_id).toEqual({ type: 'string' });
  });

  it.each([
    ['I want an app to track my plants and when I watered them', 'Plant Care', ['Plant']],
    ['Make me a simple CRM', 'CRM', ['Customer', 'Deal']],
    [
      'an inventory for my warehouse with items (name, sku, quantity, location, reorder level)',
      'Warehouse Inventory',
      ['Item'],
    ],
    ['Todo list', 'Todo List', ['Task', 'Project']],
    ['Personal finance: track income and expenses', 'Expense Tracker', ['Expense', 'Budget']],
    ['Podcast episodes tracker: episodes (title, episode number, listened)', 'Podcast Episodes Tracker', ['Episode']],
    [
      'A pet care app: pets (name, species, birthday, photo) and vet visits (date, reason, cost, pet)',
      'Pet Care',
      ['Pet', 'Visit'],
    ],
    ['Make a kanban board', 'Kanban Board', ['Task', 'Project']],
    ['Create a bug tracker with bugs (title, severity (low, high), screenshot)', 'Bug Tracker', ['Bug']],
  ])('"%s" -> %s', async (description, name, entityNames) => {
    const { manifest, entities } = await build(description);
    expect(manifest.name).toBe(name);
    expect(Object.keys(entities)).toEqual(entityNames);
  });

  it('adds sample records on the first turn when the description asks for them', async () => {
    const { records, turn, entities } = await build('a recipe book with some sample data');
    expect(Object.keys(entities)).toEqual(['Recipe']);
    // Asked for: as many as there are distinct sample titles (never "Lemon pancakes 2"); otherwise three.
    expect(records.Recipe).toHaveLength(4);
    expect(new Set(records.Recipe!.map((r) => r.title)).size).toBe(4);
    expect(turn.text).toMatch(/4 sample records per entity/);
    expect((await build('a recipe book')).records.Recipe).toHaveLength(3);
  });

  it('adds the pages a first description asks for: about, statistics, calendar, kanban board', async () => {
    const { snapshot, entities } = await build(
      'A kanban board for my team with tasks (title, due date), plus an about page, statistics and a calendar',
    );
    for (const page of ['About', 'Statistics', 'Calendar', 'TaskBoard'])
      expect(snapshot.files[`pages/${page}.jsx`], page).toBeDefined();
    expect(entities.Task!.properties.status).toEqual({
      type: 'string',
      enum: ['todo', 'in_progress', 'done'],
      default: 'todo',
    });
    expect(snapshot.files['layout.jsx']).toMatch(
      /page: "About"[\s\S]*page: "Calendar"[\s\S]*page: "Statistics"[\s\S]*page: "TaskBoard"/,
    );
  });

  it('is deterministic', () => {
    const input = { snapshot: EMPTY_SNAPSHOT, messages: [{ role: 'user' as const, text: 'CRM for my bakery' }] };
    expect(planAppBuilderTurn(input)).toEqual(planAppBuilderTurn(input));
  });
});
