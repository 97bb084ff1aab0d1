// Every app of the offline builder's description corpus (packages/agent/src/offline/corpus), built
// as the builder's first turn builds it, saved on the real server with its sample records and opened
// in its preview in Chromium: it renders without console errors, shows its sample records, and a
// record created through its form is listed. Unit tests compile these apps; this proves they run.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  CORPUS,
  applyActions,
  displayFieldOf,
  fieldSpecsOf,
  pagesOf,
  parseActionText,
  planAppBuilderTurn,
  type AppSnapshot,
  type FieldSpec,
} from '@tessera/agent';
import { expect, test } from './support/fixtures';
import { createUser, type TestUser } from './support/helpers';

/** A first turn's snapshot as the whole-app payload of `POST /api/apps` (paths kept as they are). */
function genAppOf(snapshot: AppSnapshot) {
  const manifest = JSON.parse(snapshot.files['app.json']!) as { name: string; mainPage: string };
  const under = (root: string) =>
    Object.fromEntries(Object.entries(snapshot.files).filter(([path]) => path.startsWith(`${root}/`)));
  return {
    name: manifest.name,
    mainPage: manifest.mainPage,
    entities: snapshot.entities,
    pages: under('pages'),
    components: under('components'),
    services: under('services'),
    layout: snapshot.files['layout.jsx'],
    globalsCss: snapshot.files['globals.css'],
  };
}

/** What a builder types into a required field of a generated form. */
async function fillField(page: Page, f: FieldSpec, title: string) {
  const label = f.currency ? `${f.label} (${f.currency})` : f.label;
  const input = page.locator(`#field-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`);
  const min = typeof f.schema.minimum === 'number' ? f.schema.minimum : 1;
  switch (f.kind) {
    case 'select':
      return input.selectOption(f.options[0]!);
    case 'relation':
      return input.selectOption({ index: 1 });
    case 'number':
      return input.fill(String(min));
    case 'date':
      return input.fill('2026-05-04');
    case 'datetime':
      return input.fill('2026-05-04T10:30');
    case 'email':
      return input.fill('corpus@example.com');
    case 'url':
    case 'image':
      return input.fill('https://example.com/corpus.png');
    case 'color':
      return input.fill('#336699');
    case 'tags':
      return input.fill('one, two');
    default:
      return input.fill(title);
  }
}

interface Built {
  text: string;
  slug: string;
  previewUrl: string;
  entity: string;
  fields: FieldSpec[];
  display: string;
  sample: string;
}

/** Builds a corpus description, saves it as an app with its sample records, and returns its preview address. */
async function buildApp(request: APIRequestContext, builder: TestUser, text: string): Promise<Built> {
  const headers = { authorization: `Bearer ${builder.token}` };
  // The first turn as the chat runs it: plan, parse, apply (the server validates the saved app).
  const empty = { files: { 'app.json': JSON.stringify({ name: 'New App', mainPage: 'Home' }) }, entities: {} };
  const turn = planAppBuilderTurn({ snapshot: empty, messages: [{ role: 'user', text }] });
  const run = applyActions(empty, parseActionText(turn.text, { isFinal: true }).actions);
  const created = await request.post('/api/apps', {
    headers,
    data: { appType: 'generated', genApp: genAppOf(run.snapshot) },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { appId, slug } = (await created.json()) as { appId: string; slug: string };
  for (const [entity, rows] of Object.entries(run.records)) {
    const saved = await request.post(`/live_api/apps/${appId}/entities/${entity}/bulk`, { headers, data: rows });
    expect(saved.status(), `${text.slice(0, 40)} ${entity}: ${await saved.text()}`).toBe(200);
  }
  const names = Object.keys(run.snapshot.entities);
  // The first entity with a form: the app's main record.
  const entity = names.find((n) => `pages/${pagesOf(n).form}.jsx` in run.snapshot.files)!;
  const schema = run.snapshot.entities[entity]!;
  const display = displayFieldOf(schema)!;
  const preview = await request.post(`/api/apps/${appId}/preview-url`, { headers, data: {} });
  const { url } = (await preview.json()) as { url: string };
  return {
    text,
    slug,
    previewUrl: url,
    entity,
    fields: fieldSpecsOf(schema, names),
    display,
    sample: String(run.records[entity]![0]![display]),
  };
}

// Two parts, one per worker of the config.
const PARTS = 2;
test.describe.configure({ mode: 'parallel' });

for (let part = 0; part < PARTS; part++) {
  test(`corpus apps, part ${part + 1} of ${PARTS}: render, show their sample records, create and list`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const builder = await createUser(request, { tag: `corpus-${part}` });
    const cases = CORPUS.filter((_, i) => i % PARTS === part);
    const page = await browser.newPage();
    const errors: string[] = [];
    let current = '';
    // As in the journeys' fixture: failed HTTP answers are not the app's errors (a round trip that
    // fails is caught below); the app host has no /favicon.ico yet.
    page.on('console', (m) => {
      if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
        errors.push(`${current}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`${current}: ${e.message}`));
    const started = Date.now();
    for (const [i, c] of cases.entries()) {
      const app = await buildApp(request, builder, c.text);
      current = c.text.slice(0, 60);
      const { list, form } = pagesOf(app.entity);
      // Within an app the page moves like a click on one of its links would (no reload).
      const open = (pageName: string) =>
        page.evaluate((path) => {
          window.history.pushState({}, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, `/app/${app.slug}/${pageName.toLowerCase()}/`);

      await page.goto(app.previewUrl);
      await expect(page.locator('#root *').first(), current).toBeVisible();
      await open(list);
      await expect(page.getByRole('link', { name: app.sample, exact: true }).first(), current).toBeVisible();

      const title = `Corpus check ${part}-${i}`;
      await open(form);
      for (const f of app.fields)
        if (f.key === app.display) await fillField(page, f, title);
        else if (f.required && f.kind !== 'boolean') await fillField(page, f, `${f.label} ${i}`);
      await page.getByRole('button', { name: /^Create / }).click();
      await expect(page, current).not.toHaveURL(new RegExp(`/${form.toLowerCase()}/`));
      await open(list);
      await expect(page.getByRole('link', { name: title, exact: true }), current).toBeVisible();
    }
    test.info().annotations.push({
      type: 'corpus apps checked',
      description: `${cases.length} in ${Math.round((Date.now() - started) / 1000)} s`,
    });
    expect(errors).toEqual([]);
  });
}
