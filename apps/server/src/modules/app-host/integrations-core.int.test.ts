import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import { INTEGRATION_MESSAGES, PREVIEW_TOKEN_FRAGMENT, PREVIEW_TOKEN_HEADER } from '@tessera/contracts/runtime';
import { TOOL_RUN_MESSAGES } from '@tessera/contracts/tool-runs';
import { startFakeOpenAI } from '@tessera/test-utils';
import { createTestApp, type TestApp } from '../../testing/harness';
import { buildGenApp } from '../../testing/factories';
import { appHost, endUserOf, FAQ } from '../../testing/tool-apps';
import { APP_MAILS_PER_HOUR } from './integrations.service';

const jobs = { pollMs: 50, leaseMs: 3000, backoffBaseMs: 50 };
const offline = await createTestApp({}, { jobs });
const fake = await startFakeOpenAI({ models: ['fake-small'] });
const withModel = await createTestApp(
  { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, OPENAI_COMPATIBLE_MODEL: 'fake-small' },
  { jobs },
);
beforeAll(() => {
  offline.jobRunner.start();
  withModel.jobRunner.start();
});
afterAll(async () => {
  offline.jobRunner.stop();
  withModel.jobRunner.stop();
  await fake.close();
});

/** A generated app (with the FAQ as its data source when asked) and its owner's preview token as the caller. */
async function genApp(t: TestApp, { withFaq = false, pages = { Home: 'export default () => null;' } } = {}) {
  const owner = await t.signUpVerified();
  const { body } = await t.request('POST', '/api/apps', {
    token: owner.token,
    body: buildGenApp({ name: 'Shop', pages }),
  });
  if (withFaq) {
    const ingest = await t.request('POST', `/api/context/ingest/text?appId=${body.appId}`, {
      token: owner.token,
      body: { context: FAQ },
    });
    for (let i = 0; ; i++) {
      const item = await t.request('GET', `/api/context/${ingest.body.contextItemId}`, { token: owner.token });
      if (item.body.contextItem.status === 'synced') break;
      if (i > 400) throw new Error('not synced');
      await new Promise((r) => setTimeout(r, 40));
    }
  }
  const preview = await t.request('POST', `/api/apps/${body.appId}/preview-url`, { token: owner.token, body: {} });
  const token = new URLSearchParams(new URL(preview.body.url as string).hash.slice(1)).get(PREVIEW_TOKEN_FRAGMENT)!;
  return { appId: body.appId as string, slug: body.slug as string, caller: { [PREVIEW_TOKEN_HEADER]: token } };
}
type GenApp = Awaited<ReturnType<typeof genApp>>;

async function call(
  t: TestApp,
  app: GenApp,
  endpoint: string,
  body: unknown,
  caller: Record<string, string> = app.caller,
) {
  const isForm = body instanceof FormData;
  const res = await t.app.request(
    `/integrations/Core/${endpoint}`,
    {
      method: 'POST',
      headers: { host: appHost(app.slug), ...(isForm ? {} : { 'content-type': 'application/json' }), ...caller },
      body: isForm ? body : JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: '10.8.8.8' } } },
  );
  return { status: res.status, body: (await res.json()) as any };
}

const extractForm = (schema: unknown, text: string | Uint8Array, name = 'data.txt', type = 'text/plain') => {
  const form = new FormData();
  form.append('json_schema', typeof schema === 'string' ? schema : JSON.stringify(schema));
  form.append('file', new Blob([typeof text === 'string' ? text : new Uint8Array(text)], { type }), name);
  return form;
};

describe('Core.InvokeLLM with no model configured', () => {
  it("answers from the app's data sources with the offline answer model, never inventing", async () => {
    const app = await genApp(offline, { withFaq: true });
    const res = await call(offline, app, 'InvokeLLM', {
      prompt: 'Do you deliver, and for what fee?',
      add_context_from_data_sources: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toContain('> Yes, we deliver within 10 km of the shop for a flat fee of 4 euros.');
    const json = await call(offline, app, 'InvokeLLM', {
      prompt: 'Within how many days are returns accepted?',
      add_context_from_data_sources: true,
      response_json_schema: { type: 'object', properties: { days: { type: 'number' }, policy: { type: 'string' } } },
    });
    expect(json.body.result).toEqual({ days: 30, policy: 'Returns are accepted within 30 days with the receipt.' });
    // Without data to quote it says what it can do, plainly.
    const bare = await call(offline, app, 'InvokeLLM', { prompt: 'Write a poem' });
    expect(bare.body.result).toBe(TOOL_RUN_MESSAGES.offlineNoContext);
  });
});

describe('Core.SendEmail', () => {
  it("mails the app's own users through the mailer (dev outbox), nobody else, within limits", async () => {
    const app = await genApp(offline);
    const user = await endUserOf(offline, app);
    const found = await offline.db.execute(sql`SELECT email FROM app_users WHERE id = ${user.userId}`);
    const [row] = (found as unknown as { rows: Array<{ email: string }> }).rows;
    const email = row!.email;
    const sent = await call(offline, app, 'SendEmail', {
      to: email,
      subject: 'Your order',
      body: 'It has shipped.\n<b>Thanks</b>',
    });
    expect(sent).toEqual({ status: 200, body: { sent: true } });
    const [mail] = await offline.outbox(email);
    expect(mail).toMatchObject({ subject: 'Your order' });
    expect(mail!.text).toContain('It has shipped.');
    expect(mail!.text).toContain('— Shop');
    // End users may send too (their own session on the app's host).
    expect(
      (
        await call(
          offline,
          app,
          'SendEmail',
          { to: email, subject: 'Hi', body: 'x' },
          { authorization: `Bearer ${user.token}` },
        )
      ).status,
    ).toBe(200);

    const stranger = await call(offline, app, 'SendEmail', { to: 'someone@example.com', subject: 'Spam', body: 'x' });
    expect(stranger).toMatchObject({ status: 403, body: { error: { message: INTEGRATION_MESSAGES.notAppUser } } });
    expect(
      (await call(offline, app, 'SendEmail', { to: 'not-an-address', subject: 'x', body: 'x' })).body.error.message,
    ).toBe(INTEGRATION_MESSAGES.invalidRecipient);
    expect((await call(offline, app, 'SendEmail', { to: email, subject: '', body: 'x' })).status).toBe(400);
    expect((await call(offline, app, 'SendEmail', { to: email, subject: 'x', body: 'x' }, {})).status).toBe(401);
    await offline.db.execute(
      sql`UPDATE rate_limits SET count = ${APP_MAILS_PER_HOUR} WHERE key = ${`app-mail:${app.appId}`}`,
    );
    const limited = await call(offline, app, 'SendEmail', { to: email, subject: 'x', body: 'x' });
    expect(limited).toMatchObject({ status: 429, body: { error: { message: INTEGRATION_MESSAGES.tooManyMails } } });
  });
});

describe('Core.ExtractDataFromUploadedFile', () => {
  const schema = {
    type: 'object',
    properties: {
      orderNumber: { type: 'integer' },
      customer: { type: 'string' },
      items: {
        type: 'array',
        items: { type: 'object', properties: { product: { type: 'string' }, qty: { type: 'number' } } },
      },
    },
  };

  it('reads a text or CSV file into the schema offline, with the data sources’ parsers', async () => {
    const app = await genApp(offline);
    const text = await call(
      offline,
      app,
      'ExtractDataFromUploadedFile',
      extractForm(schema, 'Order number: 581\nCustomer: Ada Lovelace\n'),
    );
    expect(text).toEqual({
      status: 200,
      body: { status: 'success', output: { orderNumber: 581, customer: 'Ada Lovelace', items: [] } },
    });
    const csv = await call(
      offline,
      app,
      'ExtractDataFromUploadedFile',
      extractForm(
        { type: 'array', items: schema.properties.items.items },
        'product,qty\nBolt,3\nNut,10\n',
        'items.csv',
        'text/csv',
      ),
    );
    expect(csv.body.output).toEqual([
      { product: 'Bolt', qty: 3 },
      { product: 'Nut', qty: 10 },
    ]);
  });

  it('refuses what it cannot read with clear 4xx', async () => {
    const app = await genApp(offline);
    expect(
      (await call(offline, app, 'ExtractDataFromUploadedFile', { file_url: 'x', json_schema: schema })).body.error
        .message,
    ).toBe(INTEGRATION_MESSAGES.extractNeedsFile);
    expect(
      (await call(offline, app, 'ExtractDataFromUploadedFile', extractForm('not json', 'a'))).body.error.message,
    ).toBe(INTEGRATION_MESSAGES.extractSchemaInvalid);
    expect((await call(offline, app, 'ExtractDataFromUploadedFile', extractForm('[1]', 'a'))).status).toBe(400);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
    expect(
      (await call(offline, app, 'ExtractDataFromUploadedFile', extractForm(schema, png, 'a.png', 'image/png'))).status,
    ).toBe(400);
    expect((await call(offline, app, 'ExtractDataFromUploadedFile', extractForm(schema, ''))).status).toBe(400);
    const big = await call(
      offline,
      app,
      'ExtractDataFromUploadedFile',
      extractForm(schema, 'x'.repeat(4 * 1024 * 1024 + 10)),
    );
    expect(big.status).toBe(413);
    expect((await call(offline, app, 'ExtractDataFromUploadedFile', extractForm(schema, 'a: b'), {})).status).toBe(401);
  });

  it('asks the configured model with the document and the schema', async () => {
    const app = await genApp(withModel);
    fake.setReply({ text: '```json\n{"orderNumber": 9, "customer": "Grace", "items": []}\n```' });
    const res = await call(
      withModel,
      app,
      'ExtractDataFromUploadedFile',
      extractForm(schema, 'Order 9 for Grace. DOC-MARKER'),
    );
    expect(res.body).toEqual({ status: 'success', output: { orderNumber: 9, customer: 'Grace', items: [] } });
    const sent = JSON.stringify(fake.requests.at(-1)!.body.messages);
    expect(sent).toContain('DOC-MARKER');
    expect(sent).toContain('orderNumber');
  });
});

describe('Core.InvokeLLM with a model and the data sources', () => {
  it('puts the retrieved chunks in the prompt', async () => {
    const app = await genApp(withModel, { withFaq: true });
    fake.setReply({ text: 'Four euros.' });
    const res = await call(withModel, app, 'InvokeLLM', {
      prompt: 'delivery fee?',
      add_context_from_data_sources: true,
    });
    expect(res.body).toEqual({ result: 'Four euros.' });
    const system = JSON.stringify(fake.requests.at(-1)!.body.messages![0]);
    expect(system).toContain('flat fee of 4 euros');
  });
});

describe('GenerateImage and the integrations schema', () => {
  it('says no image model is set up, and lists installed and missing packages', async () => {
    const app = await genApp(offline, {
      pages: { Home: "import { Charge } from '@/integrations/Stripe';\nexport default () => null;" },
    });
    const image = await call(offline, app, 'GenerateImage', { prompt: 'a cat' });
    expect(image).toMatchObject({ status: 404, body: { error: { message: INTEGRATION_MESSAGES.noImageModel } } });
    expect((await call(offline, app, 'Nope', {})).body.error.message).toBe(APP_MESSAGES.routeNotFound);
    const schemaRes = await offline.request('GET', `/apps/${app.appId}/integrations/schema`, {
      headers: { host: appHost(app.slug) },
    });
    expect(schemaRes.body).toEqual({
      installed_packages: [
        { package: 'Core', endpoints: expect.arrayContaining(['InvokeLLM', 'SendEmail', 'GenerateImage']) },
      ],
      missing_packages: ['Stripe'],
    });
    expect(
      (await offline.request('GET', `/apps/other/integrations/schema`, { headers: { host: appHost(app.slug) } }))
        .status,
    ).toBe(404);
  });
});
