import {
  CodeFileSaveResponseSchema,
  CodeFilesResponseSchema,
  DeleteCodeFileRequestSchema,
  UpdateCodeFileRequestSchema,
} from './code-files';
import { defineRoutes, type ApiRoute } from './api-route';

/** The code editor of generated and space apps (docs/product/editor-and-chat.md#calls). */
export const CODE_ROUTES = defineRoutes({
  listFiles: {
    method: 'get',
    path: '/api/apps/{appId}/files',
    tag: 'Versions',
    summary: "The latest version's files for the code editor, with the validator's issues",
    description:
      'Entity schemas are listed as `entities/{Name}.json`, read-only. Generated apps: their builder; space apps: admins only (403); single tools: 400.',
    auth: 'builder',
    responses: { 200: CodeFilesResponseSchema },
    errors: [403],
  },
  updateFile: {
    method: 'post',
    path: '/api/apps/{appId}/files/update',
    tag: 'Versions',
    summary: 'Save one file (new, changed, or renamed from `id` to `path`) as a new version',
    description:
      'Saving the text a file already has makes no version. Entity files are read-only (403). The answer carries the validator issues of the new version, which is stored even when they are errors.',
    auth: 'builder',
    body: UpdateCodeFileRequestSchema,
    responses: { 200: CodeFileSaveResponseSchema },
    errors: [403, 409],
  },
  deleteFile: {
    method: 'post',
    path: '/api/apps/{appId}/files/delete',
    tag: 'Versions',
    summary: 'Delete a file and update the files that imported it, as one new version',
    auth: 'builder',
    body: DeleteCodeFileRequestSchema,
    responses: { 200: CodeFileSaveResponseSchema },
    errors: [403],
  },
});
export const CODE_API_ROUTES: readonly ApiRoute[] = Object.values(CODE_ROUTES);
