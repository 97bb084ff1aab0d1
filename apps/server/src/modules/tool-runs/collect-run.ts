import { TOOL_BATCH_MESSAGES, type ToolRunEvent } from '@tessera/contracts/tool-runs';
import { AppError } from '../../platform/errors';

type RunStart = Extract<ToolRunEvent, { type: 'run' }>;
type RunDone = Extract<ToolRunEvent, { type: 'done' }>;

/**
 * A run's events gathered into its first (`run`) and last (`done`) event, for the callers that
 * answer with one JSON value (the tool API, `Core.RunTool`). A failed run is a 502 with its message.
 */
export async function collectRun(events: AsyncIterable<ToolRunEvent>): Promise<{ start: RunStart; done: RunDone }> {
  let start: RunStart | null = null;
  for await (const event of events) {
    if (event.type === 'run') start = event;
    if (event.type === 'error') throw new AppError('FETCH_FAILED', event.message);
    if (event.type === 'done' && start) return { start, done: event };
  }
  throw new AppError('FETCH_FAILED', TOOL_BATCH_MESSAGES.runFailed);
}
