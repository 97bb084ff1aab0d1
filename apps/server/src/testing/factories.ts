import type { z } from 'zod';
import { APP_BUILDER_VERSION, type GenAppSchema, type SaveAppRequestSchema } from '@tessera/contracts/apps';

/** What a test may set in the generated app it saves (any field of the definition). */
export type GenAppOverrides = Partial<z.input<typeof GenAppSchema>>;

/**
 * The body of `POST /api/apps` for a generated app: named "Test app", no entities and nothing
 * else (no pages, layout or CSS: the server's defaults), with `overrides` laid over its definition.
 * `appId` makes it a replace instead of a create.
 */
export function buildGenApp(overrides: GenAppOverrides = {}, appId?: string): z.input<typeof SaveAppRequestSchema> {
  return {
    appType: 'generated',
    appBuilderVersion: APP_BUILDER_VERSION,
    ...(appId ? { appId } : {}),
    genApp: { name: 'Test app', entities: {}, ...overrides },
  };
}
