import { z } from 'zod';
import { APP_FONTS, STYLE_NAMES, type AppLook } from './app-style';
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

const optionalText = z.string().optional();
/** The look a bundle carries (`AppLook`): checked values only. */
export const AppLookSchema = z.object({
  style: z.object({
    styleName: z.enum(STYLE_NAMES).optional(),
    background: optionalText,
    backgroundImage: optionalText,
    logoUrl: optionalText,
    faviconUrl: optionalText,
    headerTextColor: optionalText,
    subheaderTextColor: optionalText,
    buttonTextColor: optionalText,
    buttonBackgroundColor: optionalText,
    font: z.enum(APP_FONTS).optional(),
    hideBuildAI: z.boolean().optional(),
  }),
  texts: z.object({
    header: optionalText,
    description: optionalText,
    welcomeMessage: optionalText,
    shareDescription: optionalText,
  }),
  showWatermark: z.boolean(),
}) satisfies z.ZodType<AppLook>;
