// What one turn of the offline app builder takes and answers.
import type { AppSnapshot, AppToolBrief } from '../snapshot';

/** One message of the conversation, oldest first; the last one is the request. */
export interface ConversationMessage {
  role: 'user' | 'assistant';
  text: string;
}

export interface AppBuilderTurnInput {
  snapshot: AppSnapshot;
  messages: ConversationMessage[];
  /** Today's date (YYYY-MM-DD) for sample records; a fixed date when omitted so output stays reproducible. */
  today?: string;
  /** The app's AI tools (App tools): "use the X tool" adds a page that runs it. */
  tools?: AppToolBrief[];
}

export interface AppBuilderTurn {
  /** The assistant's answer: prose and protocol actions, as a model would stream it. */
  text: string;
  /** One line on what the turn did (for logs and version descriptions). */
  summary: string;
}
