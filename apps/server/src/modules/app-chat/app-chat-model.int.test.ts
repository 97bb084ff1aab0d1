import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '@tessera/test-utils';
import { addRecord, ask, CHAT_DEFAULTS, makeChatApp, textOf } from '../../testing/chat-apps';
import { createTestApp } from '../../testing/harness';
import { doneOf, endUserOf } from '../../testing/tool-apps';

const fake = await startFakeOpenAI({ models: ['fake-small'] });
afterAll(() => fake.close());
const t = await createTestApp(
  { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, OPENAI_COMPATIBLE_MODEL: 'fake-small' },
  { jobs: { pollMs: 50, leaseMs: 3000, backoffBaseMs: 50 } },
);
beforeAll(() => t.jobRunner.start());
afterAll(() => t.jobRunner.stop());

type Message = { role: string; content: unknown };
const lastPrompt = () => JSON.stringify((fake.requests.at(-1)!.body.messages ?? []) as Message[]);

describe('the app chat assistant with a configured model (fake OpenAI-compatible server)', () => {
  it('sends the retrieved chunks and only the records the caller may read in the prompt, and streams the answer', async () => {
    const app = await makeChatApp(t, {
      settings: { ...CHAT_DEFAULTS, instructions: 'Answer shoppers kindly. INSTRUCTIONS-MARKER' },
    });
    const ada = await endUserOf(t, app);
    const bob = await endUserOf(t, app);
    await addRecord(t, app, 'Note', 'Ada locker code is 4512', { user: ada.token });
    await addRecord(t, app, 'Note', 'Bob locker code is 9931', { user: bob.token });
    await addRecord(t, app, 'Member', 'Members locker perk is free tyre checks', { user: bob.token });
    await addRecord(t, app, 'Notice', 'Notice: locker room closes early on Friday', { owner: app.owner.token });
    await addRecord(t, app, 'Ledger', 'Ledger locker float is 300 euros', { owner: app.owner.token });

    fake.setReply({ text: 'Your locker code is 4512 [Note records].', chunkSize: 5 });
    const res = await ask(t, app.slug, 'Do you deliver, and what is my locker code?', { token: ada.token });
    expect(res.status).toBe(200);
    const done = doneOf(res);
    expect(done.result).toBe('Your locker code is 4512 [Note records].');
    expect(textOf(res.events)).toBe(done.result);
    expect(res.events.filter((e) => e.type === 'delta').length).toBeGreaterThan(3);
    expect(res.events[0]).toMatchObject({ type: 'run', model: { id: 'compatible:fake-small', offline: false } });

    const prompt = lastPrompt();
    expect(prompt).toContain('Shop helper');
    expect(prompt).toContain('INSTRUCTIONS-MARKER');
    expect(prompt).toContain('we deliver within 10 km of the shop');
    expect(prompt).toContain('Ada locker code is 4512');
    expect(prompt).toContain('Members locker perk is free tyre checks');
    expect(prompt).toContain('locker room closes early on Friday');
    expect(prompt).not.toContain('9931');
    expect(prompt).not.toContain('300 euros');
    expect(prompt).toContain('Do you deliver, and what is my locker code?');
    expect(done.sources.map((s) => s.name)).toEqual(expect.arrayContaining(['faq.md', 'Note records']));

    // A visitor's prompt: the FAQ and the public notice, no one's notes, no member or admin records.
    fake.setReply({ text: 'I cannot see lockers.' });
    expect((await ask(t, app.slug, 'What is the locker code?')).status).toBe(200);
    const anonymous = lastPrompt();
    expect(anonymous).toContain('locker room closes early on Friday');
    expect(anonymous).not.toMatch(/4512|9931|tyre checks|300 euros/);
  });
});
