import type { EntitySchema } from '@tessera/contracts/entities';

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

/**
 * One of the app's AI tools (App tools, docs/product/tools.md#app-tools), as the app builders see
 * it: app code runs it with `Core.RunTool({ tool: path, inputs })`.
 */
export interface AppToolBrief {
  title: string;
  path: string;
  /** Only an active (live) tool runs; a draft is refused until the builder turns it on. */
  isActive: boolean;
  /** Its inputs by name (`input` is the main input of a tool without fields). */
  inputs: Array<{ name: string; label: string; type: string; required: boolean; options: string[] }>;
}
