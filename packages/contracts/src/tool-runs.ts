import { z } from 'zod';
import type { PlanId } from './constants';

/**
 * The run API of a published tool (docs/product/tools.md#calls), served on the app's own host.
 *
 * - `POST /live_api/tools/{path}/runs` with `ToolRunRequest` answers `text/event-stream`: one SSE
 *   event per `ToolRunEvent` (the SSE event name is the event's `type`, its data the JSON). A run
 *   refused before it starts (bad input, a limit, no credits, unknown tool) is a plain JSON error
 *   with a 4xx status instead, so `response.ok` tells the page which one it got.
 * - `GET /live_api/tools/{path}/usage`: what the caller has left (`ToolRunUsage`).
 * - `PUT /live_api/tools/runs/{runId}/result` with `EditToolRunResultRequest`: the end user's edited
 *   result, where the app's settings allow it (`userCanEditResults`), by the caller who made the run.
 * - `GET /api/live_api/user/memories/current?appId=` (also `/live_api/user/memories/current`): the
 *   signed-in end user's remembered field values (`UserMemoriesResponse`), to prefill the form.
 *
 * Who is calling: an end user by `Authorization: Bearer tsa_...` (their app session), otherwise an
 * anonymous visitor by the signed visitor id in the `VISITOR_COOKIE` cookie (or `VISITOR_HEADER`).
 * A visitor without one gets a new id: set as the cookie and sent in the first (`run`) event. A
 * visitor id whose signature does not hold is refused (401, `TOOL_RUN_MESSAGES.visitorInvalid`).
 */

export const VISITOR_COOKIE = 'tessera_visitor';
export const VISITOR_HEADER = 'x-tessera-visitor';

/** What a run goes through while it loads, in order (the page shows which one is on). */
export const TOOL_RUN_STEPS = ['search-similar', 'query-context', 'generate'] as const;
export type ToolRunStep = (typeof TOOL_RUN_STEPS)[number];

export const TOOL_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type ToolRunStatus = (typeof TOOL_RUN_STATUSES)[number];

/** Longest text value of one field, and of an edited result. */
export const TOOL_FIELD_VALUE_MAX_LENGTH = 20_000;
export const TOOL_RESULT_MAX_LENGTH = 50_000;
/** Most choices a multiselect value may carry. */
export const TOOL_MULTI_VALUE_MAX = 50;
/** Runs per end user (or visitor) when the app's settings set no daily or weekly limit. */
export const TOOL_RUN_DEFAULT_LIMITS = { daily: 10, weekly: 50 } as const;
/** Runs of all of a builder's tools per calendar month (UTC), by plan, built in: the plan catalogue's `toolRunsPerMonth` sets the numbers used. */
export const TOOL_RUNS_PER_MONTH: Record<PlanId, number> = {
  lite: 300,
  explorer: 3_000,
  monetizer: 20_000,
  moon: 100_000,
};
/** Anonymous runs from one network address per app per day, as a multiple of the daily limit (an office shares one address). */
export const ANONYMOUS_RUNS_PER_ADDRESS_FACTOR = 10;

/** One field's value: text (also e-mail, place, a photo's URL), choices of a multiselect, or a number (height, weight). */
export const ToolFieldValueSchema = z.union([
  z.string().max(TOOL_FIELD_VALUE_MAX_LENGTH, `must be at most ${TOOL_FIELD_VALUE_MAX_LENGTH} characters`),
  z.array(z.string().max(500)).max(TOOL_MULTI_VALUE_MAX),
  z.number().finite(),
  z.null(),
]);
export type ToolFieldValue = z.infer<typeof ToolFieldValueSchema>;

/** `POST /live_api/tools/{path}/runs`: the form's values by field name (`input` is the main input). */
export const ToolRunRequestSchema = z.object({
  values: z.record(z.string().min(1).max(100), ToolFieldValueSchema),
});
export type ToolRunRequest = z.infer<typeof ToolRunRequestSchema>;

/** A chunk of the tool's data the answer was written from. */
export const ToolRunSourceSchema = z.object({
  contextItemId: z.string(),
  name: z.string(),
  /** The passage used (for the offline model: the sentences it quoted). */
  excerpt: z.string(),
});
export type ToolRunSource = z.infer<typeof ToolRunSourceSchema>;

export const ToolRunModelSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** True for the built-in offline answer model (no provider): the page says so. */
  offline: z.boolean(),
});
export type ToolRunModel = z.infer<typeof ToolRunModelSchema>;

export const ToolRunUsageTokensSchema = z.object({
  promptTokens: z.number(),
  completionTokens: z.number(),
  /** USD at the model's rates. */
  cost: z.number(),
});

/** Events of a run's stream, in this order: run, status (x3, with sources after query-context), delta*, then done or error. */
export const ToolRunEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('run'),
    runId: z.string(),
    model: ToolRunModelSchema,
    /** A visitor's newly issued id (also set as the cookie); absent for end users and known visitors. */
    visitorToken: z.string().optional(),
  }),
  z.object({ type: z.literal('status'), step: z.enum(TOOL_RUN_STEPS) }),
  z.object({ type: z.literal('sources'), sources: z.array(ToolRunSourceSchema) }),
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({
    type: z.literal('done'),
    runId: z.string(),
    /** The whole answer (markdown). */
    result: z.string(),
    /** Where the tool asks for structured output: the value filled from the answer. */
    json: z.unknown().optional(),
    sources: z.array(ToolRunSourceSchema),
    /** The end user's credits after this run; null for anonymous visitors. */
    creditsLeft: z.number().nullable(),
    runsLeft: z.object({ today: z.number(), thisWeek: z.number() }),
    usage: ToolRunUsageTokensSchema,
  }),
  z.object({
    type: z.literal('error'),
    runId: z.string().optional(),
    code: z.string(),
    message: z.string(),
  }),
]);
export type ToolRunEvent = z.infer<typeof ToolRunEventSchema>;

/**
 * `POST /integrations/Core/RunTool` on an app's host: generated code's `Core.RunTool({ tool, inputs })`
 * (docs/generated-apps.md). `tool` is the path of one of this app's active tools; `inputs` its field
 * values (the main input is `input`). The same run as the tool page's, answered as one JSON value.
 */
export const RunToolRequestSchema = z.object({
  tool: z.string().min(1).max(200),
  inputs: z.record(z.string().min(1).max(100), ToolFieldValueSchema).default({}),
});
export type RunToolRequest = z.infer<typeof RunToolRequestSchema>;
export const RunToolResponseSchema = z.object({
  runId: z.string(),
  /** The whole answer (markdown). */
  result: z.string(),
  sources: z.array(ToolRunSourceSchema),
  /** The end user's credits after this run; null for anonymous visitors. */
  creditsLeft: z.number().nullable(),
  runsLeft: z.object({ today: z.number(), thisWeek: z.number() }),
});
export type RunToolResponse = z.infer<typeof RunToolResponseSchema>;

/** `GET /live_api/tools/{path}/usage`. */
export const ToolRunUsageSchema = z.object({
  signedIn: z.boolean(),
  creditsPerRun: z.number(),
  /** Null for anonymous visitors (they spend no credits). */
  creditsLeft: z.number().nullable(),
  dailyLimit: z.number(),
  weeklyLimit: z.number(),
  runsLeft: z.object({ today: z.number(), thisWeek: z.number() }),
  userCanEditResults: z.boolean(),
});
export type ToolRunUsage = z.infer<typeof ToolRunUsageSchema>;

/** `PUT /live_api/tools/runs/{runId}/result`. */
export const EditToolRunResultRequestSchema = z.object({
  result: z
    .string()
    .max(TOOL_RESULT_MAX_LENGTH, `must be at most ${TOOL_RESULT_MAX_LENGTH} characters`)
    .refine((v) => v.trim().length > 0, 'must not be empty'),
});
export type EditToolRunResultRequest = z.infer<typeof EditToolRunResultRequestSchema>;
export const EditToolRunResultResponseSchema = z.object({
  runId: z.string(),
  result: z.string(),
  editedAt: z.string(),
});
export type EditToolRunResultResponse = z.infer<typeof EditToolRunResultResponseSchema>;

/** `GET /api/live_api/user/memories/current?appId=`: field name -> the value last given (empty for visitors). */
export const UserMemoriesResponseSchema = z.object({
  memories: z.record(z.string(), ToolFieldValueSchema),
});
export type UserMemoriesResponse = z.infer<typeof UserMemoriesResponseSchema>;

/** Messages of runs (the spec has none for these; ours, plain). `{n}`, `{label}`... are filled in. */
export const TOOL_RUN_MESSAGES = {
  toolNotFound: 'This tool does not exist or is not active',
  runNotFound: 'This run does not exist',
  signInRequired: 'Sign in to use this tool',
  visitorInvalid: 'Your visitor id is not valid. Reload the page and try again',
  dailyLimit: 'You have reached your daily limit of {n} runs. Please try again tomorrow',
  weeklyLimit: 'You have reached your weekly limit of {n} runs. Please try again next week',
  tooManyFromAddress: 'Too many runs from your network. Please try again later',
  noCredits: "You don't have enough credits for this run ({n} needed, {left} left)",
  ownerLimit: 'This tool has reached its run limit for this month. Please try again later',
  fieldRequired: '{label} is required',
  fieldNotEmail: '{label} must be an e-mail address',
  fieldNotOption: '{label}: choose one of the options',
  fieldNotNumber: '{label} must be a number',
  fieldNotText: '{label} must be text',
  unknownField: 'This tool has no field named "{name}"',
  inputEmpty: 'Write something first',
  runFailed: 'The answer could not be written. Please try again',
  editNotAllowed: 'Results of this tool cannot be edited',
  notYourRun: 'Only the person who ran this can edit its result',
  runNotFinished: 'This run has not finished yet',
  /** The offline answer model, when the data has nothing on the question. */
  noAnswerInData: "The data this tool was given doesn't answer this. Try asking in other words.",
  noDataItems: "This tool has no data to answer from yet, so there's nothing to quote.",
  /** `Core.InvokeLLM` answered offline without any data to quote. */
  offlineNoContext:
    "No AI model is set up on this server, and the offline model can only quote the app's data: ask with add_context_from_data_sources.",
} as const;

/** Fills `{name}` placeholders of a message. */
export function toolRunMessage(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all));
}
