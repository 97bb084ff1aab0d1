// The offline builder's own words: what it can do, how it names field types, what to try next.
import type { EntitySchema } from '@tessera/contracts/entities';
import type { AppModel } from './app-model';
import { currencyOfProperty } from './fields';
import { pascalCase, humanize, pluralize } from './text';

const SUGGESTIONS_LIMIT = 3;

/** What the offline builder can do, after a lead sentence (answers with no actions). */
export function capabilities(lead: string): string {
  return `${lead}

I'm the built-in offline app builder, so I work without an AI provider. I can:

- build an app from a description — name the things to track and their fields, e.g. "a task tracker with tasks (title, done, due date) and projects (name)", or just "a recipe book" or "CRM for my bakery";
- add or remove a field ("add a priority field to tasks", "remove the due date from tasks");
- add or remove an entity with its pages ("add a Contacts entity with name and email");
- add a page ("add an about page", "add a statistics page", "add a calendar page", "add a kanban board for tasks");
- make a field required or optional, change a field's choices, or change who can see an entity ("make projects public");
- rename the app ("rename the app to Focus") or change its look ("make it dark", "use green", "change the primary colour to #ff6600");
- add sample data ("add some sample tasks").

For anything else, whoever runs this Tessera server can connect an AI provider by setting OPENAI_API_KEY, ANTHROPIC_API_KEY or OPENAI_COMPATIBLE_BASE_URL (see the configuration table in the README); or edit the code directly.`;
}

/** A property's type in words for prose ("date", "one of low, high", "link to Project"). */
export function describeType(key: string, p: EntitySchema['properties'][string]): string {
  if (key.endsWith('_id')) return `link to ${pascalCase(key.replace(/_id$/, ''))}`;
  if (p.enum) return `one of ${p.enum.join(', ')}`;
  const currency = currencyOfProperty(p);
  if (currency) return `amount in ${currency}`;
  const unit = / \(([^)]+)\)$/.exec(p.title ?? '')?.[1];
  const range =
    p.minimum !== undefined && p.maximum !== undefined
      ? ` from ${p.minimum} to ${p.maximum}`
      : unit
        ? ` in ${unit}`
        : '';
  if (p.type === 'integer') return `whole number${range}`;
  if (p.type === 'number' && range) return `number${range}`;
  if (p.type === 'array') return 'list';
  if (p.format === 'date') return 'date';
  if (p.format === 'date-time') return 'date and time';
  if (p.format === 'email') return 'email';
  if (p.format === 'uri') return 'link';
  if (p.format === 'image') return 'image';
  if (p.format === 'color') return 'colour';
  if (p.type === 'boolean') return 'yes/no';
  if (p.type === 'number') return 'number';
  return 'text';
}

/** Follow-ups worth trying next on this app. */
export function suggestionsFor(model: AppModel): string[] {
  const first = model.entities.find((e) => e.hasPages);
  const out: string[] = [];
  if (first) {
    const plural = humanize(pluralize(first.name));
    const candidates = ['priority', 'notes', 'tags', 'rating'].filter((k) => !(k in first.schema.properties));
    if (candidates[0]) out.push(`add a ${candidates[0]} field to ${plural}`);
    out.push(`add some sample ${plural}`);
  }
  out.push(model.theme.mode === 'dark' ? 'make it light' : 'make it dark');
  if (!model.extraPages.some((p) => p.kind === 'statistics')) out.push('add a statistics page');
  return out.slice(0, SUGGESTIONS_LIMIT + 1);
}
