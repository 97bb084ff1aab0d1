import { z } from 'zod';

/** `POST /api/apps/{appId}/preview-url` (owner only): a signed, short-lived URL of a version on the app's host. */
export const PreviewUrlRequestSchema = z.object({ versionId: z.string().min(1).max(100).optional() });
export type PreviewUrlRequest = z.infer<typeof PreviewUrlRequestSchema>;
export interface PreviewUrlResponse {
  url: string;
  versionId: string;
  expiresAt: string;
  /** The one origin the app host lets frame its preview (`PUBLIC_URL`'s): an editor opened elsewhere can't. */
  builderOrigin: string;
}

/** `POST /integrations/Core/InvokeLLM` on an app host (docs/generated-apps.md): text, or JSON matching a schema. */
export const InvokeLlmRequestSchema = z.object({
  prompt: z.string().trim().min(1, 'must not be empty').max(20_000, 'must be at most 20,000 characters'),
  response_json_schema: z.record(z.string(), z.unknown()).optional(),
});
export type InvokeLlmRequest = z.infer<typeof InvokeLlmRequestSchema>;

/** `Core.InvokeLLM` may also ground its answer in the app's data sources (hybrid retrieval over its items). */
export const InvokeLlmWithContextRequestSchema = InvokeLlmRequestSchema.extend({
  add_context_from_data_sources: z.boolean({ error: 'must be true or false' }).optional(),
});
export type InvokeLlmWithContextRequest = z.infer<typeof InvokeLlmWithContextRequestSchema>;

/** `POST /integrations/Core/SendEmail`: a plain-text mail to one of the app's own users. */
export const SendEmailRequestSchema = z.object({
  to: z.string().trim().min(1, 'must not be empty').max(254, 'must be at most 254 characters'),
  subject: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  body: z.string().min(1, 'must not be empty').max(20_000, 'must be at most 20,000 characters'),
  from_name: z.string().trim().max(100, 'must be at most 100 characters').optional(),
});
export type SendEmailRequest = z.infer<typeof SendEmailRequestSchema>;

/**
 * `POST /integrations/Core/ExtractDataFromUploadedFile`: a text, CSV, DOCX or PDF file (multipart:
 * the `json_schema` field, then the `file` part) read into a value of the JSON Schema.
 */
export const ExtractDataRequestSchema = z.object({
  json_schema: z.record(z.string(), z.unknown()),
});
/** Under the 5 MB every body outside the streamed uploads is held to. */
export const EXTRACT_MAX_BYTES = 4 * 1024 * 1024;
export interface ExtractDataResponse {
  status: 'success';
  output: unknown;
}

/** `GET /apps/{appId}/integrations/schema` on the app's host. */
export interface IntegrationsSchemaResponse {
  installed_packages: Array<{ package: string; endpoints: string[] }>;
  /** Integration packages the app's code imports that this server does not provide. */
  missing_packages: string[];
}
export const CORE_ENDPOINTS = [
  'InvokeLLM',
  'UploadFile',
  'SendEmail',
  'ExtractDataFromUploadedFile',
  'GenerateImage',
  'RunTool',
];

/** Messages of the Core integrations (ours; the spec has none for these). */
export const INTEGRATION_MESSAGES = {
  notAppUser: 'An app can only e-mail its own users',
  invalidRecipient: 'The recipient must be an e-mail address',
  tooManyMails: 'This app has sent too many e-mails, try again later',
  noImageModel: 'No image model is set up on this server, so images cannot be generated',
  extractNeedsFile: 'Send the file to read as the "file" part of a multipart form, after its "json_schema" field',
  extractSchemaInvalid: 'json_schema must be a JSON object (a JSON Schema)',
  extractFailed: 'The data could not be read from this file',
} as const;
