import { APP_USER_FIELDS, APP_USER_ROLES } from '@tessera/contracts/app-users';
import { THEME_COLOR_NAMES } from '@tessera/contracts/apps';
import { CHAT_MAX_OUTPUT_TOKENS } from '@tessera/contracts/chat';
import {
  ACCESS_LEVELS,
  ACCESS_PRESETS,
  ENTITY_LIST_DEFAULT_LIMIT,
  ENTITY_LIST_MAX_LIMIT,
  ENTITY_QUERY_LOGICAL_OPERATORS,
  ENTITY_QUERY_OPERATORS,
  PROPERTY_TYPES,
  STRING_FORMATS,
} from '@tessera/contracts/entities';
import { INSTALLED_PACKAGES, RUNTIME_MODULE_EXPORTS } from '../validate/modules';

// Every number and list below comes from the constants the server, the runtime and the validator
// enforce, so the model is told exactly the rules its app will meet (docs/generated-apps.md).

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');
const code = (names: readonly string[]) => names.map((n) => `\`${n}\``).join(', ');

/** About four characters a token for English and code. */
const OUTPUT_BUDGET_CHARS = Math.round((CHAT_MAX_OUTPUT_TOKENS * 4) / 1000) * 1000;

/** The output budget and how to split work that does not fit in it. */
export const BUDGET = `Your reply may be at most ${CHAT_MAX_OUTPUT_TOKENS.toLocaleString('en-US')} tokens (about ${OUTPUT_BUDGET_CHARS.toLocaleString('en-US')} characters); the
provider cuts it there. For a large app, build the core first (entities, the main page, the pages it
links to) in one group, then say what is left: the builder will ask you to continue. Prefer
edit_file over rewriting a long file.`;

const pkgExports = (specifier: string) => (RUNTIME_MODULE_EXPORTS[specifier] ?? []).filter((n) => n !== 'default');

/** What app code may import: exactly what the validator and the bundler accept. */
export const IMPORTS = `Only these modules exist; anything else is refused when the app is built:

| Specifier | Provides |
|---|---|
| ./x, ../x, @/x | other files of the app (@/ is the app root; extensions optional) |
| @/entities/{Name} | { Name } (also default): the entity client; @/entities/User always exists |
| @/integrations/Core | { ${pkgExports('@/integrations/Core').join(', ')} } |
| @/utils | { ${pkgExports('@/utils').join(', ')} }: createPageUrl('TaskDetail?id=1') gives the page's URL; useAppLook() gives { name, header, description, welcomeMessage, logoUrl } as the builder set them |
| ${INSTALLED_PACKAGES.filter((p) => p.startsWith('react')).join(', ')} | React 19 |
| react-router-dom | ${pkgExports('react-router-dom').join(', ')} (nothing else) |
| lucide-react | icons (use real lucide names: Plus, Trash2, Pencil, Check, X, Search, Calendar...) |

No npm packages (axios, date-fns, recharts, clsx, uuid...), no shadcn "@/components/ui/...": write
the helper or component yourself in components/ or services/, or use fetch, Intl and plain divs.
Import every name you use: each React hook, each icon, Link and createPageUrl, each entity and
component. A name used without an import or a declaration crashes the page.`;

/** Lists, paging and the filter language of the entity API. */
export const DATA = `Lists: list and filter return at most ${ENTITY_LIST_MAX_LIMIT} rows per call, and ${ENTITY_LIST_DEFAULT_LIMIT} when no limit is
given; a larger limit gets ${ENTITY_LIST_MAX_LIMIT}. Pass a limit whenever a page needs more than ${ENTITY_LIST_DEFAULT_LIMIT} rows, and page
with skip (Task.list('-createdAt', 100, 100) is rows 101-200) behind a "Load more" button; never
ask for every row at once. Count and total on the page from what you loaded, or page through.
Filter operators: ${code(ENTITY_QUERY_OPERATORS)} on a field ({ price: { $gte: 10 } },
{ status: { $in: ['open', 'late'] } }, { name: { $regex: 'ann', $options: 'i' } }), and
${code(ENTITY_QUERY_LOGICAL_OPERATORS)} with a list of filters. Conditions of one object all apply; a plain value on an
array field means "contains"; $gt/$lt compare numbers with numbers and ISO date strings with
strings. Sort by any field: 'field' or '-field'.
Links between entities: a string property named {entity}_id in snake_case holding the other
record's id (project_id on Task for a Project, with "description": "id of the Project"); load the
linked rows with filter({ project_id: id }). Link to a signed-in user by their id (user_id) or rely
on creatorId, which every record has.`;

/** Access levels, who bypasses them, and User.me(). */
export const ACCESS = `Access rules go in "x-accessControl": { "permissions": { "read": LEVEL, "write": LEVEL } } with a
LEVEL of ${quoted(ACCESS_LEVELS)}: anonymous is everyone including visitors
who are not signed in, all is every signed-in user, admin is the app's admins, creator is the user
who created the record (the default: others neither see nor change it, and any signed-in user may
create records), none is nobody. write covers create, update and delete. The app's owner (the
builder) and the app's users with role admin bypass these rules: they read and write every record.
Keep the default unless the builder asks for shared or public data; data a visitor must see without
signing in needs read anonymous. To change an entity's access, write edit_entity with its whole
schema and the new x-accessControl. The builder may name a preset: ${ACCESS_PRESETS.map((p) => `"${p.name}" is read ${p.permissions.read}, write ${p.permissions.write}`).join('; ')}.

User.me() resolves to the signed-in app user { ${APP_USER_FIELDS.join(', ')} } (role is one of ${quoted(APP_USER_ROLES)},
plus the custom fields of the app's User entity) or to null for a visitor. In the builder's preview
the data calls run with the owner's rights (every record) and User.me() is null until the builder
signs in to the app there; in the live app both follow the signed-in user. So never leave a page
blank for a visitor: show what they may see and a sign-in button (User.login()) for the rest, and
gate staff views on user?.role === "admin".`;

/** Entity schemas: types, formats and names. */
export const SCHEMAS = `An entity is a JSON Schema object stored by the platform (not a file). Property types: ${PROPERTY_TYPES.join(', ')};
string formats: ${STRING_FORMATS.join(', ')}; "enum" lists allowed values; arrays may have "items".
Property names start with a letter or _ and use letters, digits and _. Never define id, createdAt,
updatedAt or creatorId (every record has them) and never define the built-in User entity.
"required" lists property names. Entity names are PascalCase singular (Task, not tasks).`;

/** Theme and status colours. */
export const COLOURS = `- Use the theme's colours, never fixed ones, for everything but status: ${THEME_COLOR_NAMES.join(', ')}
  (bg-background, bg-surface, text-foreground, text-muted-foreground, border-border, bg-primary
  text-primary-foreground hover:bg-primary-hover for buttons, text-heading for titles and
  text-subheading for the line under a title). The builder's App branding sets them, in light and
  dark looks; globals.css may give defaults in @theme { --color-primary: #4f46e5; }.
- Status colours are the only fixed ones: emerald for done or success, amber for warnings, red for
  errors and danger, sky for information, as a tinted badge (bg-emerald-500/15 text-emerald-700)
  that reads on light and dark themes.`;
