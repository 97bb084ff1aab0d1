import { afterAll, describe, expect, it } from 'vitest';
import { TOOL_MESSAGES } from '@tessera/contracts/tools';
import { startFakeOpenAI } from '@tessera/test-utils';
import { createTestApp } from '../../testing/harness';

/** Magic create answered by the configured model: the fake OpenAI-compatible server on loopback, through the real client. */
const fake = await startFakeOpenAI({ models: ['fake-small'] });
afterAll(() => fake.close());
const t = await createTestApp({ OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl, OPENAI_COMPATIBLE_MODEL: 'fake-small' });
await t.signUpVerified(); // the install's first account (an admin)
const builder = await t.signUpVerified();
const magic = (body: unknown) => t.request('POST', '/api/builder/magicCreate', { token: builder.token, body });

describe('magic create with a model', () => {
  it("asks the model with the builder's words and returns its field, checked", async () => {
    fake.setReply({
      text: '```json\n{"label":"Favourite cuisine","type":"select","required":true,"options":[{"label":"Thai"},{"label":"thai"},{"label":""},{"label":"Italian"}]}\n```',
    });
    const res = await magic({ input: 'Favourite cuisine', prompt: 'a few well known ones' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.model).toContain('fake-small');
    expect(res.body.field).toMatchObject({
      name: 'favourite_cuisine',
      type: 'select',
      required: true,
      options: [{ label: 'Thai' }, { label: 'Italian' }],
    });
    const sent = JSON.stringify(fake.requests.at(-1)!.body.messages);
    expect(sent).toContain('Favourite cuisine');
    expect(sent).toContain('a few well known ones');
  });

  it('turns a type the builder may not add into text', async () => {
    fake.setReply({ text: '{"label":"Home city","type":"place"}' });
    expect((await magic({ input: 'Home city' })).body.field).toMatchObject({ type: 'text', label: 'Home city' });
  });

  it('says which step failed: the call, the answer, the name', async () => {
    fake.setReply({ status: 500, message: 'down' });
    const down = await magic({ input: 'City' });
    expect(down.status).toBe(502);
    expect(down.body.error.message).toBe(TOOL_MESSAGES.magicFailed);
    fake.setReply({ text: 'I would suggest a text field.' });
    const prose = await magic({ input: 'City' });
    expect(prose.status).toBe(502);
    expect(prose.body.error.message).toBe(TOOL_MESSAGES.magicCreateFailed);
    fake.setReply({ text: '{"label":"City","type":"hologram"}' });
    expect((await magic({ input: 'City' })).body.error.message).toBe(TOOL_MESSAGES.magicCreateFailed);
    fake.setReply({ text: '{"label":"Input","type":"text"}' });
    const reserved = await magic({ input: 'City' });
    expect(reserved.status).toBe(409);
    expect(reserved.body.error.message).toBe(TOOL_MESSAGES.magicFieldName);
  });
});
