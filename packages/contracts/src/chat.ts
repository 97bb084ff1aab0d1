import { z } from 'zod';
import type { PlanId } from './constants';

/** Messages the client sends per chat call (docs/product/editor-and-chat.md#limits). */
export const CHAT_MESSAGES_PER_CALL = 3;
/**
 * Model calls one chat call may make (docs/product/editor-and-chat.md#limits): the answer, then
 * repair steps while validation still finds problems.
 */
export const CHAT_MAX_STEPS = 4;
/**
 * The output budget of one model call, sent to every provider as its maximum output tokens and
 * told to the model: within what current OpenAI, Anthropic and common local models allow.
 */
export const CHAT_MAX_OUTPUT_TOKENS = 8192;
/** Versions the version list shows (docs/product/editor-and-chat.md#limits). */
export const VERSION_LIST_LIMIT = 10;
/** Word-level diff is off when either side is longer (docs/product/editor-and-chat.md#limits). */
export const DIFF_WORD_LEVEL_MAX_CHARS = 10_000;
export const DIFF_CONTEXT_LINES = 3;

/**
 * Builder chat allowances per plan (docs/product/editor-and-chat.md#errors say they depend on the plan but not the values;
 * these are ours). `null` means unlimited. Only the free plan has a daily limit ("upgrade to a
 * paid plan to remove daily limit").
 */
export const CHAT_LIMITS: Record<PlanId, { builderMessages: number | null; dailyMessages: number | null }> = {
  lite: { builderMessages: 150, dailyMessages: 25 },
  explorer: { builderMessages: 1000, dailyMessages: null },
  monetizer: { builderMessages: 3000, dailyMessages: null },
  moon: { builderMessages: null, dailyMessages: null },
};

const UIPartSchema = z.looseObject({ type: z.string().min(1).max(100) });

/** One AI SDK UI message as the client sends it. */
export const ChatUIMessageSchema = z.looseObject({
  id: z.string().min(1).max(200),
  role: z.enum(['user', 'assistant', 'system']),
  parts: z.array(UIPartSchema).max(200),
  metadata: z.unknown().optional(),
});

/** `POST /api/apps/{appId}/chat`: the last 3 messages and the chat id (docs/product/editor-and-chat.md#calls); admins may pick a model. */
export const ChatRequestSchema = z.object({
  id: z.string().min(1).max(200),
  messages: z.array(ChatUIMessageSchema).min(1).max(CHAT_MESSAGES_PER_CALL),
  model: z.string().min(1).max(200).optional(),
  trigger: z.string().max(50).optional(),
  messageId: z.string().max(200).optional(),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

export const UsageSchema = z.object({
  promptTokens: z.number(),
  promptCost: z.number(),
  completionTokens: z.number(),
  completionCost: z.number(),
  totalTokens: z.number(),
  totalCost: z.number(),
  cacheReadTokens: z.number(),
  cacheWriteTokens: z.number(),
  cacheReadCost: z.number(),
  cacheWriteCost: z.number(),
  /** USD per 1M tokens. */
  rates: z.object({ input: z.number(), output: z.number(), cacheRead: z.number(), cacheWrite: z.number() }),
  modelInfo: z.object({ model: z.string(), provider: z.string() }),
  finishReason: z.string(),
  timestamp: z.string(),
});
export type Usage = z.infer<typeof UsageSchema>;

/** annotations[0] of a chat message, also sent as the streamed assistant message's metadata. */
export interface ChatAnnotation {
  versionId?: string;
  status?: 'streaming' | 'complete' | 'error';
  usage?: Usage;
  model?: string;
  /**
   * What the turn did besides text: a restore, a failed validation, a truncated action, hand edits
   * made in the code editor while it ran that were kept over its changes (`files`), or an end
   * before its answer was done because its server stopped (`interrupted`: the text so far is kept).
   */
  systemActionInfo?: {
    type: 'restore' | 'validation-failed' | 'truncated' | 'error' | 'hand-edits-kept' | 'interrupted';
    message?: string;
    files?: string[];
    issues?: Array<{ message: string; file?: string; line?: number }>;
    fromVersionId?: string;
  };
}

/**
 * A repair step of a chat turn: the problems validation found in what the model wrote, sent back to
 * it to fix. Streamed and stored as a `data-repair` part between the steps' text parts.
 */
export interface ChatRepairStep {
  step: number;
  maxSteps: number;
  issues: Array<{ message: string; file?: string; line?: number }>;
}
/** The UI-message part type of a repair step. */
export const CHAT_REPAIR_PART = 'data-repair';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  parts: Array<Record<string, unknown> & { type: string }>;
  annotations: ChatAnnotation[];
  status: 'streaming' | 'complete' | 'error';
  createdAt: string;
}

export interface ChatModelOption {
  id: string;
  label: string;
  provider: string;
  isDefault: boolean;
}

export interface VersionEntry {
  id: string;
  number: number;
  timestamp: string;
  messageId: string | null;
  content: string;
  userRequest: string | null;
}

export interface VersionDetail {
  files: Array<{ path: string; content: string }>;
  version: {
    id: string;
    number: number;
    messageId: string | null;
    createdAt: string;
    metadata: { description: string };
  };
}

export const RestoreVersionRequestSchema = z.object({ messageId: z.string().min(1).max(200).nullish() });

export interface VersionDiffFile {
  path: string;
  oldCode: string;
  newCode: string;
  status: 'added' | 'modified' | 'deleted' | 'unchanged';
}

export interface EditorState {
  appId: string;
  name: string;
  slug: string;
  latestVersionId: string | null;
  publishedVersionId: string | null;
  publishedAt: string | null;
  /** Where the published app lives: `http://{slug}.apps.localhost:3000/`. */
  appUrl: string;
}

/** `POST /api/apps/{appId}/versions/{versionId}/validate-repair` (docs/product/editor-and-chat.md#calls; admins' validator test). */
export const ValidateRepairRequestSchema = z.object({
  messageId: z.string().min(1).max(200),
  /** The assistant text whose actions are re-run; the stored message's text when omitted. */
  messageContent: z.string().max(2_000_000).optional(),
});

export interface ValidationIssueEntry {
  message: string;
  componentName: string | null;
  detectorId: string;
  severity: 'error' | 'warning';
  line: number | null;
}

/** docs/product/editor-and-chat.md#data Validation result. */
export interface ValidationResult {
  initialIssues: ValidationIssueEntry[];
  unresolvedIssues: ValidationIssueEntry[];
  detectors: string[];
  repairedFiles: Array<{ fileId: string; issuesFixed: number }>;
  previousVersionId: string | null;
  /** The files the test produced (after repairs), as a version would hold them. */
  appBundle: { files: Array<{ path: string; content: string }> };
  timingBreakdown: { applyingActionsMs: number; validatingMs: number };
}
