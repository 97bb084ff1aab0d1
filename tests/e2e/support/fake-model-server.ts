// An OpenAI-compatible model server for the e2e run (a Playwright webServer): it streams a recorded
// answer to every chat completion, so a journey drives the real @ai-sdk/openai-compatible client.
import { recordedAnswer, startFakeOpenAI } from '@tessera/test-utils';

const port = Number(process.env.E2E_MODEL_PORT ?? 3592);
const fake = await startFakeOpenAI({ models: ['fake-coder'], port });
fake.setReply({ text: recordedAnswer('task-tracker'), chunkSize: 24 });
process.stdout.write(`fake model server on ${fake.baseUrl}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
