import { z } from 'zod';
import type { ApiRoute } from './api-route';
import { eventStreamResponse } from './api-responses';
import { SendEmailRequestSchema } from './runtime-api';
import {
  EditToolRunResultRequestSchema,
  RunToolRequestSchema,
  RunToolResponseSchema,
  EditToolRunResultResponseSchema,
  ToolRunRequestSchema,
  ToolRunUsageSchema,
  UserMemoriesResponseSchema,
} from './tool-runs';

const MemoriesQuery = z.object({ appId: z.string().optional().describe("This app's id (another app's is a 404)") });
const VISITOR = 'Anonymous visitors are counted by the signed `tessera_visitor` cookie (or `X-Tessera-Visitor`).';

/** Tool runs and the other Core integrations, on an app's own host (docs/product/tools.md#calls, runtime.md#calls). */
export const TOOL_RUN_API_ROUTES: ApiRoute[] = [
  {
    method: 'post',
    path: '/live_api/tools/{path}/runs',
    tag: 'App host',
    summary: 'Run an active tool: the run streamed as events (run, status, sources, delta, done or error)',
    description: `An end user (bearer tsa_ token) or an anonymous visitor. ${VISITOR} A refused run (bad input, a limit, no credits) is a JSON error instead of a stream.`,
    auth: 'none',
    host: 'appHost',
    body: ToolRunRequestSchema,
    responses: eventStreamResponse('ToolRunEvent per SSE event, named by its type'),
    errors: [403, 413, 429],
  },
  {
    method: 'get',
    path: '/live_api/tools/{path}/usage',
    tag: 'App host',
    summary: 'What the caller has left on a tool: runs today and this week, credits',
    description: VISITOR,
    auth: 'none',
    host: 'appHost',
    responses: { 200: ToolRunUsageSchema },
  },
  {
    method: 'put',
    path: '/live_api/tools/runs/{runId}/result',
    tag: 'App host',
    summary: 'Save an edited result (where the app lets users edit results; by whoever ran it)',
    auth: 'none',
    host: 'appHost',
    body: EditToolRunResultRequestSchema,
    responses: { 200: EditToolRunResultResponseSchema },
    errors: [403, 409],
  },
  {
    method: 'get',
    path: '/live_api/user/memories/current',
    tag: 'App host',
    summary: "The signed-in end user's remembered field values (empty for visitors)",
    description: 'Also served at `/api/live_api/user/memories/current` on the app host.',
    auth: 'none',
    host: 'appHost',
    query: MemoriesQuery,
    responses: { 200: UserMemoriesResponseSchema },
  },
  {
    method: 'post',
    path: '/integrations/Core/RunTool',
    tag: 'App host',
    summary: "Run one of this app's active tools from the app's code (`Core.RunTool`): the answer as JSON",
    description: `The same run as the tool page's: the caller's limits, credits and a recorded run. An end user (bearer tsa_ token) or an anonymous visitor. ${VISITOR} Another app's tool, a draft or an unknown path is a 404; a failed run a 502.`,
    auth: 'none',
    host: 'appHost',
    body: RunToolRequestSchema,
    responses: { 200: RunToolResponseSchema },
    errors: [403, 404, 413, 429, 502],
  },
  {
    method: 'post',
    path: '/integrations/Core/SendEmail',
    tag: 'App host',
    summary: "Mail one of the app's own users (plain text; 20 an hour, 100 a day per app)",
    auth: 'appUser',
    host: 'appHost',
    body: SendEmailRequestSchema,
    responses: { 200: z.object({ sent: z.literal(true) }) },
    errors: [403, 429, 502],
  },
  {
    method: 'post',
    path: '/integrations/Core/ExtractDataFromUploadedFile',
    tag: 'App host',
    summary: 'Read a text, CSV, DOCX or PDF file into a value of a JSON Schema',
    auth: 'appUser',
    host: 'appHost',
    multipart: 'A `json_schema` field (JSON text), then one `file` part under 4 MB.',
    responses: { 200: z.object({ status: z.literal('success'), output: z.unknown() }) },
    errors: [413, 429, 502],
  },
  {
    method: 'post',
    path: '/integrations/Core/GenerateImage',
    tag: 'App host',
    summary: 'Generate an image (a 404 saying so while no image model is configured)',
    auth: 'appUser',
    host: 'appHost',
    body: z.object({ prompt: z.string() }),
    responses: { 200: z.object({ url: z.string() }) },
  },
  {
    method: 'get',
    path: '/apps/{appId}/integrations/schema',
    tag: 'App host',
    summary: "The integration packages installed, and those the app's code imports but this server lacks",
    auth: 'none',
    host: 'appHost',
    responses: {
      200: z.object({
        installed_packages: z.array(z.object({ package: z.string(), endpoints: z.array(z.string()) })),
        missing_packages: z.array(z.string()),
      }),
    },
  },
];
