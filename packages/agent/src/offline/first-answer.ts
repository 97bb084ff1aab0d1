// The answer after a first description: what was understood, what was chosen, what was left out,
// and what to try next.
import type { AppModel } from './app-model';
import { describeType } from './prose';
import { capitalize, humanize, labelOf, listJoin, pluralize } from './text';
import type { AppPlan } from './understand';

/** The prose after the actions of a first turn. */
export function firstAnswer(model: AppModel, plan: AppPlan, seeded: Record<string, number>): string {
  const lines = [`**${model.name}** is ready. Here's what I understood:`, ''];
  // Nothing written out: say so rather than pass a guess off as understanding.
  if (plan.entities.every((e) => e.source === 'template'))
    lines.splice(
      1,
      0,
      '',
      `I'm not sure I understood which records you want to keep, so this is a starting point from the usual ${listJoin(plan.entities.map((e) => humanize(pluralize(e.name))))} of such an app. Name them with their fields to get exactly yours, e.g. "members (name, email) and check-ins (member, date)".`,
    );
  for (const e of model.entities) {
    const required = new Set(e.schema.required ?? []);
    const fields = Object.entries(e.schema.properties).map(
      ([key, p]) => `${labelOf(key).toLowerCase()} (${describeType(key, p)}${required.has(key) ? ', required' : ''})`,
    );
    lines.push(`- **${e.name}**: ${fields.join(', ')}`);
  }
  if (plan.links.length) lines.push('', `Links between records: ${listJoin(plan.links)}.`);

  lines.push('', 'What I chose:');
  const templated = plan.entities
    .filter((e) => e.source === 'template' || (e.source === 'mentioned' && e.fields.length > 1))
    .map((e) => e.name);
  if (templated.length)
    lines.push(
      `- the description named no fields for ${listJoin(templated)}, so ${templated.length === 1 ? 'it' : 'they'} got the usual fields for such records — tell me what to change`,
    );
  if (plan.added.length)
    lines.push(
      `- a title for every record so lists can name it: ${listJoin(plan.added.map((a) => a.replace('.', ' → ')))}`,
    );
  if (
    model.entities.some((e) => Object.values(e.schema.properties).some((p) => /^Amount in /.test(p.description ?? '')))
  )
    lines.push(
      `- amounts in ${plan.currency}${plan.currency === 'USD' ? ' (say "use euros" or another currency in a description to change it)' : ''}`,
    );
  for (const page of model.extraPages)
    lines.push(`- **${page.title}**: ${PAGE_REASONS[page.kind] ?? 'a page you asked for'}`);
  const shared = model.entities
    .filter((e) => e.schema['x-accessControl'].permissions.read === 'all')
    .map((e) => e.name);
  const own = model.entities.filter((e) => e.schema['x-accessControl'].permissions.read !== 'all').map((e) => e.name);
  if (shared.length)
    lines.push(
      `- access: ${listJoin(shared)} ${shared.length === 1 ? 'is' : 'are'} readable by every signed-in user of the app and changed by whoever added the record${own.length ? `; ${listJoin(own)} (personal data) ${own.length === 1 ? 'stays' : 'stay'} visible only to the person who added it` : ''}`,
    );
  else
    lines.push(
      '- access: every record is visible only to the person who added it (say "make … public" to share an entity)',
    );
  const counts = Object.values(seeded);
  if (counts.some((n) => n > 0))
    lines.push(
      `- ${Math.max(...counts)} sample records per entity so the first preview is not empty; delete them in the Database panel when you start for real`,
    );

  if (plan.leftOut.length)
    lines.push(
      '',
      `Left out: ${listJoin(plan.leftOut.map((p) => `"${p}"`))} — the offline builder cannot make ${plan.leftOut.length === 1 ? 'that' : 'those'}; describe ${plan.leftOut.length === 1 ? 'it' : 'them'} as fields or connect an AI provider.`,
    );
  lines.push('', 'Try next:', ...firstSuggestions(model).map((s) => `- "${s}"`));
  return lines.join('\n');
}

const PAGE_REASONS: Record<string, string> = {
  board: 'a board with a column per stage, so records move through them',
  calendar: 'a calendar that places records on their dates',
  gallery: 'a gallery of the records with pictures',
  statistics: 'counts and charts of your records',
  about: 'an about page',
};

/** Next steps that add something the new app does not have yet. */
function firstSuggestions(model: AppModel): string[] {
  const out: string[] = [];
  const first = model.entities[0];
  if (first) {
    const plural = humanize(pluralize(first.name));
    const missing = ['notes', 'tags', 'priority', 'rating'].find((k) => !(k in first.schema.properties));
    if (missing) out.push(`add a ${missing} field to ${plural}`);
  }
  if (!model.extraPages.some((p) => p.kind === 'statistics')) out.push('add a statistics page');
  const own = model.entities.find((e) => e.schema['x-accessControl'].permissions.read === 'creator');
  if (own && out.length < 3) out.push(`make ${humanize(pluralize(own.name))} public`);
  if (out.length < 3) out.push(model.theme.mode === 'dark' ? 'make it light' : 'make it dark');
  return out
    .slice(0, 3)
    .map(capitalize)
    .map((s) => s.charAt(0).toLowerCase() + s.slice(1));
}
