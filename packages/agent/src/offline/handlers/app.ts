// Follow-ups about the app as a whole: fixing errors, sample records, name, theme, main page, built-ins.
import { pagesOf } from '../app-model';
import { themeRequestOf } from '../describe';
import { renderAppFiles } from '../render';
import { sampleRecords } from '../samples';
import { COLOR_WORDS, PALETTES, describeColor, paletteOf } from '../theme';
import { humanize, labelOf, listJoin, pluralize, titleCase } from '../text';
import { findEntity, matchField, touchEntity, withoutEntityWords, type TurnState } from '../turn-state';

/** An error report from the builder ("… please help me fix these errors"). */
export function isErrorReport(text: string): boolean {
  return /\b(fix|repair|resolve)\b[^.]*\berrors?\b|\bhelp me fix\b/i.test(text);
}

/** "Fix these errors" rewrites the generated files the report names; "regenerate the task pages" rewrites one entity's pages. */
export function handleFixErrors(state: TurnState, clause: string, lower: string): boolean {
  const isRegenerate =
    /\b(regenerate|rebuild|refresh|resync|sync)\b.*\b(pages?|app|everything|ui|screens?|files?)\b/.test(lower);
  if (!isErrorReport(clause) && !isRegenerate) return false;
  const generated = renderAppFiles(state.model);
  if (!isErrorReport(clause)) {
    const target = findEntity(
      state.model,
      lower.replace(/\b(regenerate|rebuild|refresh|resync|sync|the|pages?)\b/g, ' '),
    );
    if (target) {
      target.hasPages = true;
      touchEntity(state, target.name);
      state.touched.add('layout.jsx');
      state.navChanged = true;
      state.titles.push(`Regenerate the ${humanize(target.name)} pages`);
      state.done.push(
        `Regenerated the ${humanize(target.name)} pages from its current fields (fields added in the database panel are included).`,
      );
      return true;
    }
  }
  // Only the files the errors name, when they are files this builder knows how to write.
  const named = [
    ...clause.matchAll(
      /(?:^|[\s"'`(])((?:pages|components|services)\/[\w/.-]+\.(?:jsx|js|tsx|ts)|layout\.jsx|globals\.css|app\.json)\b/g,
    ),
  ].map((m) => m[1]!);
  const fixable = [...new Set(named)].filter((path) => path in generated);
  const paths = fixable.length ? fixable : Object.keys(generated);
  for (const path of paths) state.touched.add(path);
  state.navChanged = true;
  if (fixable.length) {
    state.titles.push(`Rewrite ${listJoin(fixable)}`);
    state.done.push(
      `Rewrote ${listJoin(fixable.map((p) => `**${p}**`))} from the current entity schemas, replacing the broken code with a known-good version. Your data is untouched.`,
    );
  } else {
    state.titles.push('Regenerate the app from its entities');
    state.done.push(
      'Rewrote the pages, layout and shared components from the current entity schemas, which replaces any broken code with a known-good version. Your data is untouched.',
    );
  }
  return true;
}

/** "Add some sample tasks": deterministic records valid against the schema. */
export function handleSeed(state: TurnState, _clause: string, lower: string): boolean {
  if (!/\b(sample|example|demo|test|fake|dummy|seed|placeholder|mock)\b/.test(lower)) return false;
  if (!/\b(add|create|generate|insert|populate|fill|seed|give|put|make)\b/.test(lower)) return false;
  const count = Math.min(
    20,
    Math.max(1, Number(/\b(\d{1,2})\b/.exec(lower)?.[1] ?? (/\b(a few|couple)\b/.test(lower) ? 3 : 5))),
  );
  const stripped = lower.replace(
    /\b(sample|example|demo|test|fake|dummy|seed|placeholder|mock|data|records?|entries|rows|some|a few|add|create|generate|insert|populate|with|fill|the|app|\d+)\b/g,
    ' ',
  );
  const target = findEntity(state.model, stripped);
  const names = state.model.entities.map((e) => e.name);
  const targets = target ? [target] : state.model.entities.filter((e) => e.hasPages);
  if (targets.length === 0) return false;
  for (const t of targets) {
    state.records.push({ entity: t.name, records: sampleRecords(t.name, t.schema, count, state.today, names) });
  }
  const what = listJoin(targets.map((t) => humanize(pluralize(t.name))));
  state.titles.push(`Add sample ${what}`);
  state.done.push(
    `Added ${count} sample ${targets.length === 1 ? what : `records each to ${what}`}${targets.some((t) => Object.keys(t.schema.properties).some((k) => k.endsWith('_id'))) ? ' (links between records are left empty for you to set)' : ''}.`,
  );
  return true;
}

/** "Rename the app to Focus": app.json and the layout title. */
export function handleRename(state: TurnState, clause: string): boolean {
  const m =
    /\b(?:rename|call)\s+(?:the\s+|my\s+|this\s+)?(?:app|application|it|project|site)\s+(?:to\s+|as\s+)?["“'‘]?(.+?)["”'’]?$/i.exec(
      clause,
    ) ??
    /\b(?:change|set|update|make)\s+(?:the\s+)?(?:app(?:'s)?\s+|application\s+)?(?:name|title)\s+(?:to|as|into)\s+["“'‘]?(.+?)["”'’]?$/i.exec(
      clause,
    ) ??
    /\bname\s+(?:it|the app|this app)\s+["“'‘]?(.+?)["”'’]?$/i.exec(clause) ??
    /\bthe app (?:should be|is) (?:called|named)\s+["“'‘]?(.+?)["”'’]?$/i.exec(clause);
  if (!m) return false;
  let name = m[1]!.trim().replace(/\s+/g, ' ').slice(0, 60);
  if (!name) return false;
  if (name === name.toLowerCase()) name = titleCase(name);
  const old = state.model.name;
  state.renamedFrom ??= old;
  state.model.name = name;
  state.touched.add('app.json');
  state.touched.add('layout.jsx');
  for (const page of state.model.extraPages)
    if (page.kind !== 'statistics') state.touched.add(`pages/${page.name}.jsx`);
  state.titles.push(`Rename the app to ${name}`);
  state.done.push(`Renamed the app from ${old} to **${name}** (app.json and the navigation title).`);
  return true;
}

/** "Make it dark", "use green", "#ff6600": globals.css only. */
export function handleTheme(state: TurnState, _clause: string, lower: string): boolean {
  if (
    !/\b(make|use|change|switch|set|turn|colou?rs?|theme|dark|light|primary|accent|look|style|palette)\b|#[0-9a-f]{3}/.test(
      lower,
    )
  )
    return false;
  const request = themeRequestOf(lower);
  if (!request.mode && !request.primary && /\b(make|change|use|set|switch|turn|paint)\b/.test(lower)) {
    // "make the header purple": a colour word anywhere in a change request.
    const word = COLOR_WORDS.find((w) => new RegExp(`\\b${w}\\b`).test(lower));
    if (word) request.primary = PALETTES[paletteOf(word)!];
    else if (/\b(colou?rs?|theme|palette|look)\b/.test(lower)) {
      state.done.push(
        `Happy to — which colour? For example "use green", "make it dark" or "change the primary colour to #ff6600". Named colours: ${Object.keys(PALETTES).join(', ')}.`,
      );
      return true;
    }
  }
  if (!request.mode && !request.primary) return false;
  const theme = state.model.theme;
  const changes: string[] = [];
  if (request.mode && request.mode !== theme.mode) {
    theme.mode = request.mode;
    changes.push(`a ${request.mode} theme`);
  }
  if (request.primary && request.primary !== theme.primary) {
    theme.primary = request.primary;
    changes.push(`${describeColor(request.primary)} as the primary colour`);
  }
  state.touched.add('globals.css');
  if (changes.length === 0) {
    state.done.push(
      `The app already uses ${request.mode ? `a ${theme.mode} theme` : `${describeColor(theme.primary)} as its primary colour`}.`,
    );
    state.titles.push('Keep the theme');
    return true;
  }
  state.titles.push(`Switch to ${listJoin(changes)}`);
  state.done.push(
    `Switched to ${listJoin(changes)}. Every page uses the colours in globals.css, so the whole app follows.`,
  );
  return true;
}

/** Sign-in, search, filters and sorting already exist: say so instead of inventing entities or fields. */
export function handleBuiltIn(state: TurnState, _clause: string, lower: string): boolean {
  if (/\bfields?\b/.test(lower)) return false;
  if (
    /\b(log ?in|sign[ -]?(in|up|on)|auth(?:entication|ori[sz]ation)?|accounts? for users|user accounts?)\b/.test(lower)
  ) {
    state.done.push(
      'Sign-in is already built into every app: visitors get a login page (the code can send them there with `User.login()` from `@/entities/User`, and `User.me()` returns who is signed in), and each entity starts with "creator" access, so every user sees only the records they created. You can change access per entity in the database panel, or ask me to "make projects public".',
    );
    return true;
  }
  if (/\b(search|filters?|sorting|sort)\b/.test(lower) && /\b(add|want|need|include)\b/.test(lower)) {
    const lists = state.model.entities.filter((e) => e.hasPages).map((e) => pagesOf(e.name).list);
    state.done.push(
      `The list pages (${listJoin(lists)}) already have a search box, filters for choice and yes/no fields, and sorting by date and name.`,
    );
    return true;
  }
  return false;
}

/** "Rename tasks to todos" / "rename the due date field": explained, because the records would stay behind. */
export function handleRenameOther(state: TurnState, clause: string): boolean {
  const m = /\brename\s+(?:the\s+)?(.+?)\s+(?:to|as|into)\s+["“'‘]?(.+?)["”'’]?$/i.exec(clause);
  if (!m) return false;
  const entity = findEntity(state.model, m[1]!);
  const field = state.model.entities
    .map((e) => ({ e, key: matchField(e.schema, withoutEntityWords(m[1]!, e.name)) }))
    .find((x) => x.key && /\b(field|column|property)\b/i.test(m[1]!));
  if (!entity && !field) return false;
  const what = field ? `the ${field.key} field of ${field.e.name}` : `the ${entity!.name} entity`;
  const how = field
    ? `ask me to "add a ${m[2]!.trim()} field to ${humanize(pluralize(field.e.name))}", copy the values over in the database panel, then "remove the ${labelOf(field.key!).toLowerCase()} field"`
    : `ask me to "add a ${m[2]!.trim()} entity" with the fields you need, import the records there from the database panel (CSV export and import), then "remove ${humanize(pluralize(entity!.name))}"`;
  state.done.push(
    `Renaming ${what} would leave the records already stored under the old name, so I don't do it offline. To move to a new name: ${how}.`,
  );
  return true;
}

/** "Make tasks the home page", "set the main page to statistics": app.json's mainPage. */
export function handleMainPage(state: TurnState, _clause: string, lower: string): boolean {
  const m =
    /\b(?:make|set|use)\s+(?:the\s+)?(.+?)\s+(?:page\s+)?(?:as\s+)?(?:the\s+)?(?:home|main|start|landing|first)\s*page\b/.exec(
      lower,
    ) ??
    /\b(?:set|change|make)\s+(?:the\s+)?(?:home|main|start|landing|first)\s*page\s+(?:to|be)\s+(?:the\s+)?(.+?)(?:\s+page)?$/.exec(
      lower,
    );
  if (!m) return false;
  const phrase = m[1]!.trim();
  let page: string | undefined;
  if (/^(home|dashboard|overview)$/.test(phrase)) page = 'Home';
  const entity = page ? undefined : findEntity(state.model, phrase);
  if (entity?.hasPages) page = pagesOf(entity.name).list;
  page ??= state.model.extraPages.find(
    (p) => p.title.toLowerCase() === phrase || p.name.toLowerCase() === phrase.replace(/\s+/g, ''),
  )?.name;
  if (!page) return false;
  state.titles.push(`Open ${page} first`);
  if (state.model.mainPage === page) {
    state.done.push(`${page} is already the page the app opens on.`);
    return true;
  }
  state.model.mainPage = page;
  state.touched.add('app.json');
  state.done.push(`The app now opens on **${page}** (mainPage in app.json).`);
  return true;
}
