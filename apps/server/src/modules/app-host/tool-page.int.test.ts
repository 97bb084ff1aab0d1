import { describe, expect, it } from 'vitest';
import { APP_MESSAGES } from '@tessera/contracts';
import {
  TOOL_PAGE_MESSAGES,
  TOOL_PREVIEW_PATH,
  type ToolPageBoot,
  type ToolPreviewBoot,
} from '@tessera/contracts/tool-page';
import { SIGNUP_CONTACTS } from '@tessera/test-utils';
import { createTestApp, type RequestOptions } from '../../testing/harness';

const t = await createTestApp();
// The install's first verified account is its admin, on the top plan: the owner is a builder after it.
await t.signUpVerified();
const owner = await t.signUpVerified();
const other = await t.signUpVerified();

const appHost = (slug: string) => `${slug}.apps.localhost:3000`;
const on = (slug: string, path: string, options: RequestOptions = {}) =>
  t.request('GET', path, { ...options, headers: { host: appHost(slug), ...options.headers } });

const TEXTS = {
  header: 'Ask the Acme FAQ',
  description: 'Answers from our help centre',
  inputLabel: 'Your question',
  inputPlaceholder: 'How do refunds work?',
  isInputHidden: false,
  isInputCollapsed: false,
  welcomeMessage: 'Hi! Ask anything about orders.',
  examples: ['How long is shipping?', '', 'Can I return a gift?'],
  ctaMessage: 'Still stuck?',
  ctaButton: 'Contact us',
  ctaLink: 'https://acme.example/contact',
  isMultiStepInput: true,
};

/** A tool app of `token` with one active tool at `ask` and one draft at `draft`. */
async function toolApp(token: string, name: string) {
  const saved = await t.request('POST', '/api/apps', {
    token,
    body: {
      appType: 'tool',
      app: {
        name,
        tools: [
          {
            toolId: 't1',
            title: 'Ask Acme',
            path: 'ask',
            status: 'active',
            instructions: 'Answer [input] for [size]. SECRET-PROMPT',
            texts: TEXTS,
          },
          { toolId: 't2', title: 'Later', path: 'draft', status: 'draft' },
        ],
        fields: [
          {
            label: 'Size',
            name: 'size',
            type: 'select',
            toolId: 't1',
            stepId: 's2',
            instructions: 'FIELD-SECRET',
            options: [{ label: 'S' }, { label: 'M', iconUrl: 'https://acme.example/m.png' }],
          },
          { label: 'E-mail', name: 'email', type: 'email', toolId: 't1' },
          { label: 'Other tool', name: 'other', type: 'text', toolId: 't2' },
        ],
        inputSteps: [
          { id: 's1', title: 'Your question' },
          { id: 's2', title: 'Details' },
        ],
      },
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { appId: saved.body.appId as string, slug: saved.body.slug as string };
}

function bootOf(html: string): ToolPageBoot {
  const json = /<script type="application\/json" id="tessera-tool-boot">([\s\S]*?)<\/script>/.exec(html)?.[1];
  expect(json).toBeTruthy();
  return JSON.parse(json!) as ToolPageBoot;
}

describe('the public tool page /tool/{path} on the app host', () => {
  it("serves an active tool's page with its form, texts and style, never its instructions", async () => {
    const { appId, slug } = await toolApp(owner.token, 'Acme help');
    const styled = await t.request('POST', `/api/apps/${appId}/style`, {
      token: owner.token,
      body: { appStyle: { styleName: 'dark', buttonBackgroundColor: '#FF0000' } },
    });
    expect(styled.status, JSON.stringify(styled.body)).toBe(200);

    const res = await on(slug, '/tool/ask');
    expect(res.status).toBe(200);
    const html = String(res.body);
    expect(html).toContain('<title>Ask the Acme FAQ</title>');
    expect(html).toMatch(/<script type="module" src="\/_runtime\/tool-[A-Z0-9]+\.js"><\/script>/);
    expect(html).not.toContain('SECRET-PROMPT');
    expect(html).not.toContain('FIELD-SECRET');
    const boot = bootOf(html);
    expect(boot.appId).toBe(appId);
    expect(boot.tool).toEqual({ toolId: 't1', title: 'Ask Acme', path: 'ask', imageUrl: null });
    expect(boot.fields.map((f) => [f.name, f.type, f.required, f.stepId])).toEqual([
      ['input', 'long_text', false, null],
      ['size', 'select', false, 's2'],
      ['email', 'email', false, null],
    ]);
    expect(boot.fields[1]!.options).toEqual([
      { label: 'S', iconUrl: null },
      { label: 'M', iconUrl: 'https://acme.example/m.png' },
    ]);
    expect(boot.fields[0]!.label).toBe('Your question');
    expect(boot.fields[0]!.placeholder).toBe('How do refunds work?');
    expect(boot.texts.examples).toEqual(['How long is shipping?', 'Can I return a gift?']);
    expect(boot.steps).toEqual([
      { id: 's1', title: 'Your question' },
      { id: 's2', title: 'Details' },
    ]);
    expect(boot.style).toMatchObject({ styleName: 'dark', buttonBackgroundColor: '#ff0000' });
    // A lite plan always shows the badge.
    expect(boot.showWatermark).toBe(true);
    expect(boot.isSignupEnabled).toBe(false);
    expect(boot.builderUrl).toBe('http://localhost:3000');

    // The host's home is the tool's page.
    const home = await on(slug, '/');
    expect(home.headers.get('location')).toBe(`/app/${slug}/`);
    const root = await on(slug, `/app/${slug}/`);
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/tool/ask');

    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain('frame-ancestors http://localhost:3000');
    // Its module is served by the host.
    const src = /src="(\/_runtime\/tool-[A-Z0-9]+\.js)"/.exec(html)![1]!;
    const module = await on(slug, src);
    expect(module.status).toBe(200);
    expect(module.headers.get('content-type')).toContain('text/javascript');
  });

  it('finds the path case-insensitively and refuses drafts, unknown paths and other hosts', async () => {
    const { slug } = await toolApp(other.token, 'Other help');
    expect((await on(slug, '/tool/ASK')).status).toBe(200);
    for (const path of ['/tool/draft', '/tool/nope', '/tool/%00', `/tool/${'x'.repeat(5000)}`]) {
      const res = await on(slug, path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    const missing = await on(slug, '/tool/draft');
    expect(missing.status).toBe(404);
    expect(String(missing.body)).toContain(TOOL_PAGE_MESSAGES.notFound);
    // The builder's own address serves no tool page.
    const onBuilder = await t.request('GET', '/tool/ask', { headers: { host: 'localhost:3000' } });
    expect(String(onBuilder.body)).not.toContain('tessera-tool-boot');
  });

  it("serves the builder's preview frame with no tool in it: the page module and whose messages to take", async () => {
    const { slug } = await toolApp(owner.token, 'Acme preview');
    const res = await on(slug, TOOL_PREVIEW_PATH);
    expect(res.status).toBe(200);
    const html = String(res.body);
    const boot = JSON.parse(/id="tessera-tool-preview">(.*?)<\/script>/s.exec(html)![1]!) as ToolPreviewBoot;
    expect(boot).toEqual({ parentOrigin: 'http://localhost:3000' });
    // Drafts and saved tools alike stay out of it: it only shows what the builder's tab posts.
    for (const secret of ['Ask Acme', 'Later', 'SECRET-PROMPT', 'tessera-tool-boot'])
      expect(html).not.toContain(secret);
    expect(html).toMatch(/<script type="module" src="\/_runtime\/tool[^"]*\.js">/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain('frame-ancestors http://localhost:3000');
    expect(csp).toContain("script-src 'self';");
    // The builder's own address serves no preview frame.
    const onBuilder = await t.request('GET', TOOL_PREVIEW_PATH, { headers: { host: 'localhost:3000' } });
    expect(String(onBuilder.body)).not.toContain('tessera-tool-preview');
  });

  it('hides the main input when the texts say so', async () => {
    const { appId, slug } = await toolApp(owner.token, 'Acme hidden');
    const saved = await t.request('POST', '/api/apps', {
      token: owner.token,
      body: {
        appType: 'tool',
        appId,
        app: {
          name: 'Acme hidden',
          tools: [
            {
              toolId: 't1',
              title: 'Ask',
              path: 'ask',
              status: 'active',
              texts: { ...TEXTS, isInputHidden: true, isInputCollapsed: true },
            },
          ],
          fields: [{ label: 'Height', name: 'height', type: 'height', required: true }],
        },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const boot = bootOf(String((await on(slug, '/tool/ask')).body));
    expect(boot.fields.map((f) => [f.name, f.required])).toEqual([['height', true]]);
    expect(boot.texts.isInputCollapsed).toBe(false);
  });

  it('lets end users sign up once the tool is active: the page then offers sign-up', async () => {
    const draft = await t.request('POST', '/api/apps', {
      token: owner.token,
      body: { appType: 'tool', app: { name: 'Drafty', tools: [{ toolId: 't1', title: 'Ask', path: 'ask' }] } },
    });
    const signUpOn = (appId: string) =>
      t.request('POST', `/api/apps/${appId}/settings`, {
        token: owner.token,
        body: { appSettings: { isSignupEnabled: true, ...SIGNUP_CONTACTS } },
      });
    const refused = await signUpOn(draft.body.appId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(APP_MESSAGES.signupNeedsPublish);

    const { appId, slug } = await toolApp(owner.token, 'Acme members');
    const opened = await signUpOn(appId);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const boot = bootOf(String((await on(slug, '/tool/ask')).body));
    expect(boot.isSignupEnabled).toBe(true);
  });
});
