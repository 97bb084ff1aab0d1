import { readdirSync, readFileSync } from 'node:fs';

/** One model reply of a replay: its text and how the provider ends it. */
export interface ReplayReply {
  file: string;
  text: string;
  finishReason: 'stop' | 'length';
  /** The answer to the builder app's own request to fix what validation found. */
  isRepair: boolean;
}

/** One builder turn of a replay: the builder's message and the model's replies during the turn. */
export interface ReplayTurn {
  message: string;
  replies: ReplayReply[];
  /** The turn ends cut off, with the continue button. */
  isTruncated: boolean;
  /** Files still broken after the last repair step, which the turn refuses. */
  refused: string[];
}

export interface Replay {
  name: string;
  style: 'gpt' | 'claude' | 'local';
  turns: ReplayTurn[];
}

interface ScenarioFile {
  style: Replay['style'];
  turns: Array<{
    message: string;
    replies: Array<{ file: string; finish?: 'stop' | 'length'; repair?: boolean }>;
    truncated?: boolean;
    refused?: string[];
  }>;
}

const ROOT = new URL('../fixtures/replays/', import.meta.url);

/**
 * The replay corpus (`fixtures/replays/`): conversations whose model replies are written the way
 * GPT-, Claude- and small local models answer the system prompt, slips included.
 */
export function loadReplays(): Replay[] {
  return readdirSync(ROOT, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const dir = new URL(`${name}/`, ROOT);
      const scenario = JSON.parse(readFileSync(new URL('scenario.json', dir), 'utf8')) as ScenarioFile;
      return {
        name,
        style: scenario.style,
        turns: scenario.turns.map((turn) => ({
          message: turn.message,
          isTruncated: turn.truncated ?? false,
          refused: turn.refused ?? [],
          replies: turn.replies.map((r) => ({
            file: r.file,
            text: readFileSync(new URL(r.file, dir), 'utf8'),
            finishReason: r.finish ?? 'stop',
            isRepair: r.repair ?? false,
          })),
        })),
      };
    });
}

const textOf = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((p: { text?: unknown }) => (typeof p?.text === 'string' ? p.text : '')).join('')
      : '';

/**
 * Answers a chat completion from the corpus: the request's last builder message that is a replay
 * turn's message picks the turn, and the user messages after it (the builder app's repair requests)
 * pick which of the turn's replies comes next. Undefined for any other conversation.
 */
export function replayAnswer(
  replays: Replay[],
  body: { messages?: Array<{ role: string; content: unknown }> },
): { text: string; finishReason: 'stop' | 'length'; chunkSize: number } | undefined {
  const users = (body.messages ?? []).filter((m) => m.role === 'user').map((m) => textOf(m.content));
  for (let i = users.length - 1; i >= 0; i--) {
    const turn = replays.flatMap((r) => r.turns).find((t) => t.message === users[i]!.trim());
    if (!turn) continue;
    const reply = turn.replies[users.length - 1 - i];
    return reply && { text: reply.text, finishReason: reply.finishReason, chunkSize: 24 };
  }
  return undefined;
}
