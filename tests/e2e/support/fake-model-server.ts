// An OpenAI-compatible model server for the e2e run (a Playwright webServer): it streams a recorded
// answer to every chat completion, so a journey drives the real @ai-sdk/openai-compatible client. A
// builder message of the replay corpus gets that conversation's replies, its repair steps included.
import { loadReplays, recordedAnswer, replayAnswer, startFakeOpenAI } from '@tessera/test-utils';

const port = Number(process.env.E2E_MODEL_PORT ?? 3592);
const replays = loadReplays();
const fake = await startFakeOpenAI({ models: ['fake-coder'], port, answer: (body) => replayAnswer(replays, body) });
fake.setReply({ text: recordedAnswer('task-tracker'), chunkSize: 24 });
process.stdout.write(`fake model server on ${fake.baseUrl}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
