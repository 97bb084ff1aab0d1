import { z } from 'zod';
import { APP_BUILDER_VERSION } from './apps';

/**
 * `POST /api/apps/{id}/texts`: replaces the app's texts as a whole (docs/product/runtime.md#data); the
 * server checks them with `parseAppTexts` (app-style.ts). The style's request is `SaveAppStyleRequestSchema`.
 */
export const SaveAppTextsRequestSchema = z.object({
  appTexts: z.record(z.string(), z.unknown()),
  appBuilderVersion: z.literal(APP_BUILDER_VERSION).optional(),
});

/** `GET /api/apps/{id}/look`: the saved style and texts, and what the owner's plan allows. */
export const AppLookResponseSchema = z.object({
  style: z.record(z.string(), z.unknown()),
  texts: z.record(z.string(), z.unknown()),
  /** True when the owner's plan may hide the watermark. */
  canHideWatermark: z.boolean(),
});
export type AppLookResponse = z.infer<typeof AppLookResponseSchema>;
