import type { EntitySchema } from '@tessera/contracts/entities';
import type { AppSnapshot, AppToolBrief } from '../snapshot';
import { DEFAULT_ENTITY_ICON, KNOWN_ENTITIES } from './catalogue';
import { readTheme, type Theme } from './theme';
import { camelCase, capitalize, humanize, pascalCase, pluralize } from './text';

const humanizeName = (name: string) => capitalize(humanize(name));

/** The line of a tool page (render/tool-page.ts) that names its tool (one JSON object). */
const TOOL_LINE = /^const TOOL = (\{.*\});$/m;

/** A page that is not one of an entity's list/detail/form pages. */
export interface ExtraPage {
  name: string;
  kind: 'about' | 'statistics' | 'board' | 'calendar' | 'gallery' | 'custom' | 'tool';
  title: string;
  /** For a board or a gallery: the entity whose records it shows. */
  entity?: string;
  /** For a tool page: the app tool it runs (its title, path and inputs). */
  tool?: Pick<AppToolBrief, 'title' | 'path' | 'inputs'>;
}

/** What the generators need to know about an app: read from a snapshot, changed by a turn. */
export interface AppModel {
  name: string;
  mainPage: string;
  /** Entities in order; `hasPages` is false for entities whose pages were removed. */
  entities: Array<{ name: string; schema: EntitySchema; hasPages: boolean }>;
  extraPages: ExtraPage[];
  theme: Theme;
}

/** Page names of an entity: list, detail, form. */
export function pagesOf(entity: string): { list: string; detail: string; form: string } {
  const plural = pascalCase(pluralize(entity));
  return { list: plural === entity ? `${entity}List` : plural, detail: `${entity}Detail`, form: `${entity}Form` };
}

/** Variable names for one record and for a list of records of an entity. */
export function varsOf(entity: string): { one: string; many: string } {
  const one = camelCase(entity);
  const plural = camelCase(pluralize(entity));
  const many = plural === one ? `${one}List` : plural;
  return { one: RESERVED_VARS.has(one) ? `${one}Record` : one, many: RESERVED_VARS.has(many) ? `${many}List` : many };
}
// Names the generated pages use themselves, and every reserved word of JavaScript (strict mode and
// modules included): a record variable never takes one ("check-ins" once made a variable `in`).
const RESERVED_VARS = new Set([
  ...['error', 'search', 'sort', 'id', 'navigate', 'values', 'errors', 'record', 'event', 'name', 'value'],
  ...['break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else'],
  ...['enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof'],
  ...['new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void'],
  ...['while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package', 'private'],
  ...['protected', 'public', 'await', 'async', 'of', 'arguments', 'eval', 'undefined', 'NaN', 'Infinity'],
]);

// Identifiers an entity import must not shadow in generated files.
const RESERVED_IDENTIFIERS = new Set([
  'React',
  'Link',
  'PageHeader',
  'EmptyState',
  'LoadingState',
  'ErrorMessage',
  'FieldInput',
  'FieldValue',
  'Layout',
  'Home',
  'About',
  'Statistics',
  'Date',
  'Map',
  'Set',
  'Number',
  'String',
  'Object',
  'Array',
  'Promise',
  'Math',
  'JSON',
  'Error',
  'Boolean',
  'Symbol',
  'Intl',
  'RegExp',
  'Function',
  'Image',
  'Option',
  'Event',
  'Node',
  'Text',
  'File',
  'URL',
  'Request',
  'Response',
  'Location',
  'History',
  'Storage',
  'Notification',
  'Element',
  'Document',
  'Window',
  'Record',
  'Proxy',
  'Reflect',
]);

/** The local name an entity client is imported as (`Task`, or `DateEntity` for an entity named Date). */
export function entityIdentifier(entity: string): string {
  return RESERVED_IDENTIFIERS.has(entity) ? `${entity}Entity` : entity;
}

/** The lucide icon (with its `Icon` suffix) for an entity. */
export function iconOf(entity: string): string {
  return `${KNOWN_ENTITIES[entity]?.icon ?? DEFAULT_ENTITY_ICON}Icon`;
}

const ABOUT_PAGES = /^(about|aboutus)$/i;
const CALENDAR_PAGES = /^(calendar|agenda|schedule|upcoming|timeline)$/i;
const STATS_PAGES = /^(statistics|stats|insights|reports?|analytics)$/i;

/** A stored schema with the parts the generators rely on (properties, access rules) always present. */
function normalizeSchema(schema: EntitySchema): EntitySchema {
  const raw = schema as Partial<EntitySchema>;
  return {
    ...schema,
    type: 'object',
    properties: raw.properties && typeof raw.properties === 'object' ? raw.properties : {},
    'x-accessControl': raw['x-accessControl']?.permissions
      ? raw['x-accessControl']
      : { permissions: { read: 'creator', write: 'creator' } },
  };
}

/** The app tool a page runs, from the `const TOOL = {...};` line a tool page starts with. */
function toolOfPage(snapshot: AppSnapshot, page: string): ExtraPage['tool'] | null {
  const line = TOOL_LINE.exec(snapshot.files[`pages/${page}.jsx`] ?? '')?.[1];
  if (!line) return null;
  try {
    const tool = JSON.parse(line) as ExtraPage['tool'];
    return tool && typeof tool.path === 'string' && typeof tool.title === 'string' && Array.isArray(tool.inputs)
      ? tool
      : null;
  } catch {
    return null;
  }
}

/** Reads the app as it stands in a snapshot. */
export function readAppModel(snapshot: AppSnapshot): AppModel {
  let manifest: { name?: unknown; mainPage?: unknown } = {};
  try {
    manifest = JSON.parse(snapshot.files['app.json'] ?? '{}') as typeof manifest;
  } catch {
    manifest = {};
  }
  const entityNames = Object.keys(snapshot.entities);
  const pageNames = Object.keys(snapshot.files)
    .filter((p) => /^pages\/[^/]+\.(jsx|tsx|js|ts)$/.test(p))
    .map((p) => p.replace(/^pages\//, '').replace(/\.\w+$/, ''));
  const entityPages = new Set<string>();
  const entities = entityNames.map((name) => {
    const pages = pagesOf(name);
    for (const page of Object.values(pages)) entityPages.add(page.toLowerCase());
    return { name, schema: normalizeSchema(snapshot.entities[name]!), hasPages: pageNames.includes(pages.list) };
  });
  const extraPages: ExtraPage[] = pageNames
    .filter((page) => page !== 'Home' && !entityPages.has(page.toLowerCase()))
    .sort()
    .map((page): ExtraPage => {
      const boardOf = /^(.+)Board$/.exec(page)?.[1];
      if (boardOf && entityNames.includes(boardOf))
        return { name: page, kind: 'board', title: `${pluralize(humanizeName(boardOf))} board`, entity: boardOf };
      const tool = toolOfPage(snapshot, page);
      if (tool) return { name: page, kind: 'tool', title: tool.title, tool };
      const galleryOf = /^(.+)Gallery$/.exec(page)?.[1];
      if (galleryOf && entityNames.includes(galleryOf))
        return {
          name: page,
          kind: 'gallery',
          title: `${pluralize(humanizeName(galleryOf))} gallery`,
          entity: galleryOf,
        };
      return {
        name: page,
        kind: ABOUT_PAGES.test(page)
          ? 'about'
          : STATS_PAGES.test(page)
            ? 'statistics'
            : CALENDAR_PAGES.test(page)
              ? 'calendar'
              : 'custom',
        title: page.replace(/([a-z])([A-Z])/g, '$1 $2'),
      };
    });
  const name = typeof manifest.name === 'string' && manifest.name.trim() ? manifest.name.trim() : 'My App';
  const mainPage = typeof manifest.mainPage === 'string' && manifest.mainPage ? manifest.mainPage : 'Home';
  return {
    name,
    mainPage,
    entities,
    extraPages,
    theme: readTheme(snapshot.files['globals.css']),
  };
}

/** True when the snapshot holds no app yet (only app.json, no pages or entities). */
export function isEmptySnapshot(snapshot: AppSnapshot): boolean {
  const hasPages = Object.keys(snapshot.files).some((p) => p.startsWith('pages/'));
  return !hasPages && Object.keys(snapshot.entities).length === 0;
}

/** Page name of an entity's board: `TaskBoard`. */
export function boardPageOf(entity: string): string {
  return `${entity}Board`;
}
