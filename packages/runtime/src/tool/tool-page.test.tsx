import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { TOOL_PAGE_MESSAGES as T, type ToolPageBoot, type ToolPageField } from '@tessera/contracts/tool-page';
import { exampleTarget, formErrors, formPages, runInputs } from './form-values';
import { Markdown, parseBlocks, safeHref } from './markdown';
import { draftOf } from './preview-host';
import { IDLE, runReducer, type RunEvent, type RunState } from './run-machine';
import { readSse } from './tool-api';
import { ToolPage } from './tool-page';

const field = (over: Partial<ToolPageField>): ToolPageField => ({
  name: 'f',
  label: 'F',
  type: 'text',
  required: false,
  memorize: false,
  stepId: null,
  options: [],
  placeholder: null,
  ...over,
});

const run = (events: RunEvent[], from: RunState = IDLE) => events.reduce(runReducer, from);

describe('run state machine', () => {
  it('goes Idle -> Loading on a step, through the steps, to Success with the streamed answer', () => {
    const s = run([
      { type: 'search-similar' },
      { type: 'query-context' },
      { type: 'sources', sources: [{ contextItemId: 'c1', name: 'faq.md', excerpt: 'x' }] },
      { type: 'generate' },
      { type: 'delta', text: 'Hello ' },
      { type: 'delta', text: 'world' },
    ]);
    expect(s).toMatchObject({ status: 'loading', step: 'generate', answer: 'Hello world' });
    const done = runReducer(s, { type: 'success', runId: 'r1', answer: 'Hello world.' });
    expect(done).toMatchObject({ status: 'success', step: null, answer: 'Hello world.', runId: 'r1' });
    expect(done.sources).toHaveLength(1);
  });

  it('goes Loading -> Error on error and on cancel, and back to Idle on reset', () => {
    const failed = run([{ type: 'generate' }, { type: 'error', message: 'You have reached your daily limit' }]);
    expect(failed).toMatchObject({ status: 'error', error: 'You have reached your daily limit' });
    expect(runReducer(failed, { type: 'reset' })).toEqual(IDLE);
    expect(run([{ type: 'search-similar' }, { type: 'cancel', message: 'stopped' }]).status).toBe('error');
  });

  it('validates from Success: Loading with a pending block, then validated or failed', () => {
    const ok = run([{ type: 'generate' }, { type: 'delta', text: 'a' }, { type: 'success', runId: 'r' }]);
    const saving = runReducer(ok, { type: 'validate', answer: 'edited' });
    expect(saving).toMatchObject({ status: 'loading', validation: 'pending', answer: 'edited', isValidating: true });
    // Deltas of a run never land in a save.
    expect(runReducer(saving, { type: 'delta', text: 'zzz' }).answer).toBe('edited');
    expect(runReducer(saving, { type: 'success' })).toMatchObject({ status: 'success', validation: 'validated' });
    expect(runReducer(saving, { type: 'success', answer: 'a', validation: 'failed' })).toMatchObject({
      status: 'success',
      answer: 'a',
      validation: 'failed',
    });
  });

  it('ignores events the table does not allow', () => {
    expect(runReducer(IDLE, { type: 'success' })).toBe(IDLE);
    expect(runReducer(IDLE, { type: 'reset' })).toBe(IDLE);
    expect(runReducer(IDLE, { type: 'validate', answer: 'x' })).toBe(IDLE);
    const loading = run([{ type: 'generate' }]);
    expect(runReducer(loading, { type: 'reset' })).toBe(loading);
    const failed = run([{ type: 'generate' }, { type: 'error', message: 'x' }]);
    expect(runReducer(failed, { type: 'generate' })).toBe(failed);
  });
});

describe('markdown', () => {
  it('never turns answer text into HTML', () => {
    const html = renderToStaticMarkup(
      <Markdown source={'<img src=x onerror=alert(1)>\n\n**<script>alert(1)</script>**\n\n[x](javascript:alert(1))'} />,
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('<strong>&lt;script&gt;');
  });

  it('reads headings, lists, quotes, code and links', () => {
    expect(parseBlocks('# T\n\n- a\n- b\n\n1. x\n\n> q\n> r\n\n```\ncode\n```\ntext').map((b) => b.kind)).toEqual([
      'heading',
      'list',
      'list',
      'quote',
      'code',
      'paragraph',
    ]);
    const html = renderToStaticMarkup(<Markdown source={'See [the FAQ](https://example.com/faq) and `x`'} />);
    expect(html).toContain('<a href="https://example.com/faq" target="_blank" rel="noopener noreferrer nofollow">');
    expect(html).toContain('<code>x</code>');
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('mailto:a@b.co')).toBe('mailto:a@b.co');
  });
});

describe('form values', () => {
  const fields = [
    field({ name: 'input', type: 'long_text', required: true, label: 'Question' }),
    field({ name: 'email', type: 'email', label: 'E-mail' }),
    field({ name: 'height', type: 'height', label: 'Height', stepId: 's2' }),
    field({ name: 'tags', type: 'multiselect', label: 'Tags', required: true, stepId: 's2' }),
  ];
  it('checks required, e-mail and measures', () => {
    expect(formErrors(fields, { input: '  ', email: 'nope', height: 'abc', tags: [] })).toEqual({
      input: 'Write something first',
      email: 'Enter a valid e-mail address',
      height: 'Enter a number',
      tags: 'Tags is required',
    });
    expect(formErrors(fields, { input: 'hi', email: 'a@b.co', height: '180', tags: ['x'] })).toEqual({});
  });
  it('sends trimmed text, lists and numbers, and leaves empty optional fields out', () => {
    expect(runInputs(fields, { input: ' hi ', email: '', height: '180.5', tags: ['a'] })).toEqual({
      input: 'hi',
      height: 180.5,
      tags: ['a'],
    });
  });
  it('splits the form into its steps only with multi-step input', () => {
    const boot = {
      fields,
      steps: [
        { id: 's1', title: 'About you' },
        { id: 's2', title: 'Details' },
      ],
    };
    const texts = (isMultiStepInput: boolean) => ({ isMultiStepInput }) as ToolPageBoot['texts'];
    expect(formPages({ ...boot, texts: texts(false) })).toHaveLength(1);
    const pages = formPages({ ...boot, texts: texts(true) });
    expect(pages.map((p) => [p.title, p.fields.map((f) => f.name)])).toEqual([
      ['About you', ['input', 'email']],
      ['Details', ['height', 'tags']],
    ]);
    expect(exampleTarget(fields)?.name).toBe('input');
  });
});

describe('SSE reader', () => {
  it('yields events split across chunks and skips comments', async () => {
    const enc = new TextEncoder();
    const chunks = [': keep-alive\n\nevent: delta\ndata: {"type":"de', 'lta","text":"a"}\n\nevent: done\ndata: {}\n\n'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(enc.encode(c));
        controller.close();
      },
    });
    const events = [];
    for await (const e of readSse(body)) events.push(e);
    expect(events).toEqual([
      { event: 'delta', data: '{"type":"delta","text":"a"}' },
      { event: 'done', data: '{}' },
    ]);
  });
});

describe('tool page', () => {
  const boot: ToolPageBoot = {
    appId: 'a1',
    name: 'Acme',
    tool: { toolId: 't1', title: 'Ask Acme', path: 'ask', imageUrl: null },
    fields: [field({ name: 'input', type: 'long_text', required: true, label: 'Your question' })],
    steps: [],
    texts: {
      header: 'Ask Acme',
      description: 'Answers from our FAQ',
      inputLabel: '',
      inputPlaceholder: '',
      isInputHidden: false,
      isInputCollapsed: false,
      welcomeMessage: 'Hi there',
      examples: ['How do refunds work?'],
      ctaMessage: '',
      ctaButton: '',
      ctaLink: null,
      isMultiStepInput: false,
    },
    style: { styleName: 'dark', buttonBackgroundColor: '#ff0000' },
    showWatermark: true,
    builderUrl: 'http://localhost:3000',
    userCanEditResults: true,
    creditsPerRun: 1,
    isSignupEnabled: true,
    supportEmail: null,
    hasPaidMemberships: false,
  };
  beforeEach(() => vi.stubGlobal('window', { location: { href: 'http://acme.apps.localhost/tool/ask' } }));
  afterEach(() => vi.unstubAllGlobals());
  it('renders the branded form with its texts, example, sign-up and watermark', () => {
    const html = renderToStaticMarkup(<ToolPage boot={boot} />);
    expect(html).toContain('Ask Acme');
    expect(html).toContain('Answers from our FAQ');
    expect(html).toContain('Hi there');
    expect(html).toContain('How do refunds work?');
    expect(html).toContain('Sign up');
    expect(html).toContain('Built with Tessera');
    expect(html).toContain('--color-primary:#ff0000');
    expect(html).toContain('tt-dark');
    expect(
      renderToStaticMarkup(<ToolPage boot={{ ...boot, showWatermark: false, isSignupEnabled: false }} />),
    ).not.toMatch(/Built with Tessera|Sign up/);
  });

  it('renders every field type with its control, the steps of a multi-step form, and a collapsed input', () => {
    const types = [
      'text',
      'long_text',
      'select',
      'multiselect',
      'email',
      'place',
      'photo',
      'height',
      'weight',
      'tool_item_select',
    ] as const;
    const fields = types.map((type) =>
      field({
        name: type,
        label: `L-${type}`,
        type,
        required: type === 'text',
        options: [
          { label: 'Opt A', iconUrl: 'https://x.test/a.png' },
          { label: 'Opt B', iconUrl: null },
        ],
      }),
    );
    const html = renderToStaticMarkup(
      <ToolPage
        boot={{
          ...boot,
          fields: [field({ name: 'input', type: 'long_text', label: 'Ask' }), ...fields],
          texts: { ...boot.texts, isInputCollapsed: true },
        }}
      />,
    );
    expect(html).toContain('+ Add details');
    expect(html).not.toContain('>Ask<');
    expect(html).toMatch(/<input[^>]*type="text"[^>]*autoComplete="off"/);
    expect(html).toMatch(/<input[^>]*type="email"/);
    expect(html).toMatch(/<input[^>]*autoComplete="address-level2"/);
    expect(html).toContain('role="radiogroup"');
    expect(html).toContain('role="checkbox"');
    expect(html).toContain('<img class="tt-option-icon" src="https://x.test/a.png"');
    expect(html).toContain(T.photoSignIn);
    expect(html).toContain('>cm<');
    expect(html).toContain('>lb<');
    expect(html).toMatch(new RegExp(`<option value=""[^>]*>${T.selectPlaceholder}</option>`));
    expect(html).toContain('(optional)');

    const stepped = renderToStaticMarkup(
      <ToolPage
        boot={{
          ...boot,
          fields: [
            field({ name: 'a', label: 'First', stepId: 's1' }),
            field({ name: 'b', label: 'Second', stepId: 's2' }),
          ],
          steps: [
            { id: 's1', title: 'About you' },
            { id: 's2', title: 'Details' },
          ],
          texts: { ...boot.texts, isMultiStepInput: true },
        }}
      />,
    );
    expect(stepped).toContain('Step 1 of 2');
    expect(stepped).toContain('About you');
    expect(stepped).toContain('First');
    expect(stepped).not.toContain('Second');
    expect(stepped).toContain(`>${T.next}<`);
  });

  it('as the builder preview: a Preview badge instead of the account, the call to action under the form, the run note', () => {
    const withCta = {
      ...boot,
      texts: { ...boot.texts, ctaMessage: 'Book a ride', ctaButton: 'Book', ctaLink: 'https://x.test' },
    };
    const html = renderToStaticMarkup(<ToolPage boot={withCta} preview={{ canRun: false }} />);
    expect(html).toContain(T.previewBadge);
    expect(html).not.toMatch(/Sign in|Sign up/);
    expect(html).toContain('Book a ride');
    expect(html).toContain(T.previewNotLive);
    expect(renderToStaticMarkup(<ToolPage boot={withCta} preview={{ canRun: true }} />)).toContain(T.previewRunNote);
    // The public page shows the call to action only after a run.
    expect(renderToStaticMarkup(<ToolPage boot={withCta} />)).not.toContain('Book a ride');
  });
});

describe('preview messages', () => {
  const parent = { name: 'builder window' };
  const builder = 'http://localhost:3000';
  const message = { type: 'tool_preview_draft', canRun: true };
  const page = {
    appId: 'a1',
    name: 'Acme',
    tool: { toolId: 't1', title: 'T', path: 'p', imageUrl: null },
    fields: [],
    steps: [],
    texts: { examples: [] },
    style: {},
  };
  it('reads a draft only from the builder origin, sent by the framing window', () => {
    const data = { ...message, boot: page };
    expect(draftOf({ origin: builder, source: parent as never, data }, builder, parent)).toMatchObject({
      canRun: true,
      boot: { appId: 'a1' },
    });
    expect(draftOf({ origin: 'https://evil.test', source: parent as never, data }, builder, parent)).toBeNull();
    expect(draftOf({ origin: builder, source: {} as never, data }, builder, parent)).toBeNull();
    expect(
      draftOf({ origin: builder, source: parent as never, data: { ...data, type: 'x' } }, builder, parent),
    ).toBeNull();
    expect(
      draftOf(
        { origin: builder, source: parent as never, data: { ...data, boot: { ...page, fields: 'x' } } },
        builder,
        parent,
      ),
    ).toBeNull();
    expect(draftOf({ origin: builder, source: parent as never, data: null }, builder, parent)).toBeNull();
  });
});
