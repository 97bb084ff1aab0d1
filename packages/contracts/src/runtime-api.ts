import { z } from 'zod';

/** `POST /api/apps/{appId}/preview-url` (owner only): a signed, short-lived URL of a version on the app's host. */
export const PreviewUrlRequestSchema = z.object({ versionId: z.string().min(1).max(100).optional() });
export type PreviewUrlRequest = z.infer<typeof PreviewUrlRequestSchema>;
export interface PreviewUrlResponse {
  url: string;
  versionId: string;
  expiresAt: string;
}
