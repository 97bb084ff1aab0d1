import { z } from 'zod';

/** `POST /api/apps/{appId}/preview-url` (owner only): a signed, short-lived URL of a version on the app's host. */
export const PreviewUrlRequestSchema = z.object({ versionId: z.string().min(1).max(100).optional() });
export type PreviewUrlRequest = z.infer<typeof PreviewUrlRequestSchema>;
export interface PreviewUrlResponse {
  url: string;
  versionId: string;
  expiresAt: string;
}

/** `POST /integrations/Core/InvokeLLM` on an app host (docs/generated-apps.md): text, or JSON matching a schema. */
export const InvokeLlmRequestSchema = z.object({
  prompt: z.string().trim().min(1, 'must not be empty').max(20_000, 'must be at most 20,000 characters'),
  response_json_schema: z.record(z.string(), z.unknown()).optional(),
});
export type InvokeLlmRequest = z.infer<typeof InvokeLlmRequestSchema>;
