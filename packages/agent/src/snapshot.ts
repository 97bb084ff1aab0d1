import type { EntitySchema } from '@tessera/contracts';

/** The whole content of one version of a generated app (docs/generated-apps.md). */
export interface AppSnapshot {
  /** Path -> text; always holds `app.json`. */
  files: Record<string, string>;
  /** Entity name -> schema (with x-accessControl); the built-in User entity is not listed. */
  entities: Record<string, EntitySchema>;
}

/** `app.json` of a snapshot. */
export interface AppManifest {
  name: string;
  mainPage: string;
}
