import { StatusTrueSchema } from './api-responses';
import { defineRoutes, type ApiRoute } from './api-route';
import {
  ActivateToolRequestSchema,
  ClaimInvitationResponseSchema,
  CreateToolRequestSchema,
  MagicCreateRequestSchema,
  MagicCreateResponseSchema,
  ToolAppPartsSchema,
  ToolDetailResponseSchema,
  ToolListResponseSchema,
  UpdateToolRequestSchema,
} from './tools';
import {
  ClaimAppRequestSchema,
  ClaimAppResponseSchema,
  ClaimPreviewQuerySchema,
  ClaimPreviewResponseSchema,
} from './tool-claim';

/** The single AI tool's builder calls (docs/product/tools.md#calls). */
export const TOOL_ROUTES = defineRoutes({
  listTools: {
    method: 'get',
    path: '/api/apps/{appId}/tools',
    tag: 'Tools',
    summary: "List the app's tools",
    description:
      'Each tool with its status, path, counts and public address; `liveToolLimit` is how many may be active.',
    auth: 'builder',
    responses: { 200: ToolListResponseSchema },
  },
  createTool: {
    method: 'post',
    path: '/api/apps/{appId}/tools',
    tag: 'Tools',
    summary: 'Create a draft tool',
    description:
      'The path is made from the title when left out. Paths are letters, digits and dashes, unique in the app (400).',
    auth: 'builder',
    body: CreateToolRequestSchema,
    responses: { 200: ToolDetailResponseSchema },
  },
  saveToolParts: {
    method: 'put',
    path: '/api/apps/{appId}/tools',
    tag: 'Tools',
    summary: "Save the tool builder's tools, fields, input steps and texts of an app",
    description:
      "The tool builder's save for a generated app's tools (a single tool saves through `POST /api/apps`). Only the keys sent change; the app's pages, name and kind stay. The same rules as a tool app's save (400 with the rule's message).",
    auth: 'builder',
    body: ToolAppPartsSchema,
    responses: { 200: StatusTrueSchema },
  },
  getTool: {
    method: 'get',
    path: '/api/apps/{appId}/tools/{toolId}',
    tag: 'Tools',
    summary: 'Read one tool with its fields and input steps',
    auth: 'builder',
    responses: { 200: ToolDetailResponseSchema },
  },
  updateTool: {
    method: 'patch',
    path: '/api/apps/{appId}/tools/{toolId}',
    tag: 'Tools',
    summary: "Change a tool's title, path, image, instructions, data items or texts",
    description: 'Data items must be data sources of the same app. An active tool keeps needing a title.',
    auth: 'builder',
    body: UpdateToolRequestSchema,
    responses: { 200: ToolDetailResponseSchema },
  },
  deleteTool: {
    method: 'delete',
    path: '/api/apps/{appId}/tools/{toolId}',
    tag: 'Tools',
    summary: 'Delete a tool and its fields',
    auth: 'builder',
    responses: { 200: StatusTrueSchema },
  },
  activateTool: {
    method: 'post',
    path: '/api/apps/{appId}/tools/{toolId}/activate',
    tag: 'Tools',
    summary: 'Turn a tool live or back to draft',
    description:
      "Activating needs a title (400) and room under the plan's live tools per app (403 `PLAN_LIMIT_REACHED`, `details.upgradeReason` ACTIVATED_TOOL_PER_APP_LIMIT_REACHED).",
    auth: 'builder',
    body: ActivateToolRequestSchema,
    responses: { 200: ToolDetailResponseSchema },
    errors: [403],
  },
  claimInvitation: {
    method: 'get',
    path: '/api/apps/{appId}/settings/claimInvitation',
    tag: 'Tools',
    summary: 'The invite link and claim code of a claimable tool',
    description: 'Needs a published app and claim by customer on (409).',
    auth: 'builder',
    responses: { 200: ClaimInvitationResponseSchema },
    errors: [409],
  },
  claimPreview: {
    method: 'get',
    path: '/api/apps/{appId}/claim',
    tag: 'Tools',
    summary: 'What an invite link offers to claim',
    description:
      'The app behind a claim code: its name and type, and whether the caller already owns it. A wrong or used code, or an unknown app, is 404; claim by customer off is 409.',
    auth: 'builder',
    query: ClaimPreviewQuerySchema,
    responses: { 200: ClaimPreviewResponseSchema },
    errors: [404, 409],
  },
  claimApp: {
    method: 'post',
    path: '/api/apps/{appId}/claim',
    tag: 'Tools',
    summary: 'Claim an app by invitation',
    description:
      "Moves the app, with everything in it, to the caller's account; the builder who sent the invite loses it. Works once: a wrong or used code is 404, claim by customer off or an app the caller already owns is 409.",
    auth: 'builder',
    body: ClaimAppRequestSchema,
    responses: { 200: ClaimAppResponseSchema },
    errors: [404, 409],
  },
  magicCreate: {
    method: 'post',
    path: '/api/builder/magicCreate',
    tag: 'Tools',
    summary: "A field definition from the builder's words",
    description:
      'Answered by the configured model, or by the offline field maker when none is set (`model: "offline"`). 409 when the field name is taken in the app, 502 when the model fails.',
    auth: 'builder',
    body: MagicCreateRequestSchema,
    responses: { 200: MagicCreateResponseSchema },
    errors: [409, 429, 502],
  },
});
export const TOOLS_API_ROUTES: readonly ApiRoute[] = Object.values(TOOL_ROUTES);
