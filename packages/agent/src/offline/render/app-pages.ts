// App-wide files: the layout with navigation, the dashboard, About / Statistics / custom pages, app.json.
import { displayFieldOf, fieldSpecsOf, type FieldSpec } from '../fields';
import { entityIdentifier, iconOf, pagesOf, type AppModel, type ExtraPage } from '../app-model';
import { humanize, jsString, listJoin, pluralize } from '../text';
import { renderGalleryPage } from './gallery-page';
import { CLASSES } from './shared';

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const EXTRA_ICONS: Record<ExtraPage['kind'], string> = {
  about: 'InfoIcon',
  statistics: 'ChartColumnIcon',
  board: 'KanbanIcon',
  calendar: 'CalendarDaysIcon',
  gallery: 'ImagesIcon',
  custom: 'FileTextIcon',
};

function navItems(model: AppModel): Array<{ label: string; page: string; icon: string; pages: string[] }> {
  const items = [{ label: 'Dashboard', page: 'Home', icon: 'LayoutDashboardIcon', pages: ['Home'] }];
  for (const e of model.entities.filter((x) => x.hasPages)) {
    const p = pagesOf(e.name);
    items.push({
      label: cap(humanize(pluralize(e.name))),
      page: p.list,
      icon: iconOf(e.name),
      pages: [p.list, p.detail, p.form],
    });
  }
  // By name, as readAppModel lists them, so the nav keeps its order from one turn to the next.
  const extra = [...model.extraPages].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const page of extra)
    items.push({ label: page.title, page: page.name, icon: EXTRA_ICONS[page.kind], pages: [page.name] });
  return items;
}

/** The brand icon: the first entity's icon, or a sparkle. */
function brandIcon(model: AppModel): string {
  const first = model.entities.find((e) => e.hasPages);
  return first ? iconOf(first.name) : 'SparklesIcon';
}

/** `layout.jsx`: sidebar navigation on desktop, a top bar with a menu on mobile. */
export function renderLayout(model: AppModel): string {
  const items = navItems(model);
  const brand = brandIcon(model);
  const icons = [
    ...new Set(['MenuIcon', 'XIcon', 'LogInIcon', 'LogOutIcon', brand, ...items.map((i) => i.icon)]),
  ].sort();
  const itemLines = items.map(
    (i) =>
      `  { label: ${jsString(i.label)}, page: ${jsString(i.page)}, icon: ${i.icon}, pages: ${JSON.stringify(i.pages).replace(/,/g, ', ')} },`,
  );
  return `import React, { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { ${icons.join(', ')} } from "lucide-react";
import { User } from "@/entities/User";
import { createPageUrl } from "@/utils";

const APP_NAME = ${jsString(model.name)};

const NAV_ITEMS = [
${itemLines.join('\n')}
];

function isActive(item, currentPageName) {
  const current = String(currentPageName || "").toLowerCase();
  return item.pages.some((page) => page.toLowerCase() === current);
}

function NavLinks({ currentPageName, onNavigate }) {
  return (
    <nav className="flex flex-col gap-1">
      {NAV_ITEMS.map((item) => {
        const Icon = item.icon;
        const active = isActive(item, currentPageName);
        return (
          <Link
            key={item.page}
            to={createPageUrl(item.page)}
            onClick={onNavigate}
            className={
              "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors " +
              (active ? "bg-primary/10 text-primary" : "text-muted-foreground hover:bg-muted hover:text-foreground")
            }
          >
            <Icon className="h-4 w-4" />
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}

/** Who is signed in, with sign in / sign out (records are private to their creator by default). */
function Account() {
  const [user, setUser] = useState(undefined);

  useEffect(() => {
    let isCurrent = true;
    User.me()
      .then((me) => {
        if (isCurrent) setUser(me);
      })
      .catch(() => {
        if (isCurrent) setUser(null);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  if (user === undefined) return null;
  if (!user) {
    return (
      <button type="button" onClick={() => User.login()} className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-foreground">
        <LogInIcon className="h-4 w-4" />
        Sign in
      </button>
    );
  }
  return (
    <div className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm">
      <span className="min-w-0 flex-1 truncate text-muted-foreground">{user.full_name || user.email}</span>
      <button type="button" onClick={() => User.logout()} className="${CLASSES.iconButton}" aria-label="Sign out">
        <LogOutIcon className="h-4 w-4" />
      </button>
    </div>
  );
}

function Brand() {
  return (
    <Link to={createPageUrl("Home")} className="flex items-center gap-2 font-semibold">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <${brand} className="h-4 w-4" />
      </span>
      {APP_NAME}
    </Link>
  );
}

export default function Layout({ children, currentPageName }) {
  const [isMenuOpen, setIsMenuOpen] = useState(false);

  return (
    <div className="min-h-screen bg-background text-foreground md:flex">
      <aside className="hidden w-64 shrink-0 flex-col gap-6 border-r border-border bg-surface p-4 md:sticky md:top-0 md:flex md:h-screen md:overflow-y-auto">
        <Brand />
        <NavLinks currentPageName={currentPageName} />
        <div className="mt-auto border-t border-border pt-4">
          <Account />
        </div>
      </aside>

      <header className="sticky top-0 z-10 border-b border-border bg-surface md:hidden">
        <div className="flex items-center justify-between px-4 py-3">
          <Brand />
          <button
            type="button"
            onClick={() => setIsMenuOpen((open) => !open)}
            className="${CLASSES.iconButton}"
            aria-label={isMenuOpen ? "Close menu" : "Open menu"}
          >
            {isMenuOpen ? <XIcon className="h-5 w-5" /> : <MenuIcon className="h-5 w-5" />}
          </button>
        </div>
        {isMenuOpen && (
          <div className="border-t border-border px-4 py-3">
            <NavLinks currentPageName={currentPageName} onNavigate={() => setIsMenuOpen(false)} />
            <div className="mt-3 border-t border-border pt-3">
              <Account />
            </div>
          </div>
        )}
      </header>

      <main className="min-w-0 flex-1">
        <div className="mx-auto max-w-5xl px-4 py-6 md:px-8 md:py-10">{children}</div>
      </main>
    </div>
  );
}
`;
}

/** `pages/Home.jsx`: a dashboard with a count per entity and the latest records of the first one. */
export function renderHome(model: AppModel): string {
  const entities = model.entities.filter((e) => e.hasPages);
  const first = entities[0];
  const icons = [...new Set(['PlusIcon', ...entities.map((e) => iconOf(e.name))])].sort();
  const imports = entities.map((e) => {
    const id = entityIdentifier(e.name);
    return id === e.name
      ? `import { ${e.name} } from "@/entities/${e.name}";`
      : `import { ${e.name} as ${id} } from "@/entities/${e.name}";`;
  });
  const sections = entities.map((e) => {
    const p = pagesOf(e.name);
    return `  { label: ${jsString(cap(humanize(pluralize(e.name))))}, page: ${jsString(p.list)}, form: ${jsString(p.form)}, entity: ${entityIdentifier(e.name)}, icon: ${iconOf(e.name)} },`;
  });
  const firstDisplay = first ? displayFieldOf(first.schema) : null;
  const firstPages = first ? pagesOf(first.name) : null;
  const firstLabel = first ? humanize(pluralize(first.name)) : '';
  const recentTitle = firstDisplay ? `item.${firstDisplay} || "Untitled"` : `"#" + item.id.slice(0, 8)`;

  const body = first
    ? `      {error && <ErrorMessage message={error} onRetry={() => setReloadKey((key) => key + 1)} />}

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.map((section) => {
          const Icon = section.icon;
          const count = counts[section.page];
          return (
            <div key={section.page} className="${CLASSES.card} flex items-center gap-4 p-5">
              <div className="rounded-lg bg-primary/10 p-3 text-primary">
                <Icon className="h-5 w-5" />
              </div>
              <Link to={createPageUrl(section.page)} className="min-w-0 flex-1">
                <p className="text-sm text-muted-foreground">{section.label}</p>
                <p className="text-2xl font-semibold">{isLoading ? "…" : count >= COUNT_LIMIT ? COUNT_LIMIT + "+" : count ?? 0}</p>
              </Link>
              <Link to={createPageUrl(section.form)} className="${CLASSES.iconButton}" aria-label={"New " + section.label}>
                <PlusIcon className="h-4 w-4" />
              </Link>
            </div>
          );
        })}
      </div>

      <section className="${CLASSES.card} p-5">
        <div className="mb-3 flex items-center justify-between">
          <h2 className="font-semibold">Latest ${firstLabel}</h2>
          <Link to={createPageUrl(${jsString(firstPages!.list)})} className="text-sm font-medium text-primary hover:underline">
            View all
          </Link>
        </div>
        {isLoading ? (
          <LoadingState />
        ) : recent.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">
            Nothing here yet.{" "}
            <Link to={createPageUrl(${jsString(firstPages!.form)})} className="font-medium text-primary hover:underline">
              Add the first one
            </Link>
          </p>
        ) : (
          <ul className="divide-y divide-border">
            {recent.map((item) => (
              <li key={item.id} className="flex items-center justify-between gap-3 py-2.5">
                <Link to={createPageUrl(${jsString(`${firstPages!.detail}?id=`)} + item.id)} className="truncate text-sm font-medium hover:text-primary">
                  {${recentTitle}}
                </Link>
                <span className="shrink-0 text-xs text-muted-foreground">{formatDate(item.createdAt)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>`
    : `      <div className="${CLASSES.card} p-8 text-center text-sm text-muted-foreground">
        This app has no data yet. Ask the builder to add something to track, for example "add a Contacts entity with name and email".
      </div>`;

  const logic = first
    ? `  const [counts, setCounts] = useState({});
  const [recent, setRecent] = useState([]);
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState("");
  const [reloadKey, setReloadKey] = useState(0);

  useEffect(() => {
    let isCurrent = true;
    async function load() {
      setIsLoading(true);
      setError("");
      try {
        const results = await Promise.all(SECTIONS.map((section) => section.entity.list("-createdAt", COUNT_LIMIT)));
        if (!isCurrent) return;
        setCounts(Object.fromEntries(SECTIONS.map((section, index) => [section.page, results[index].length])));
        setRecent(results[0].slice(0, 5));
      } catch (err) {
        if (isCurrent) setError(errorMessage(err));
      } finally {
        if (isCurrent) setIsLoading(false);
      }
    }
    load();
    return () => {
      isCurrent = false;
    };
  }, [reloadKey]);

`
    : '';

  const head = first
    ? `import React, { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { ${icons.join(', ')} } from "lucide-react";
${imports.join('\n')}
import { createPageUrl } from "@/utils";
import PageHeader from "@/components/PageHeader";
import LoadingState from "@/components/LoadingState";
import ErrorMessage from "@/components/ErrorMessage";
import { errorMessage, formatDate } from "@/services/format";

// Counting loads up to this many records per entity.
const COUNT_LIMIT = 1000;

const SECTIONS = [
${sections.join('\n')}
];
`
    : `import React from "react";
import PageHeader from "@/components/PageHeader";
`;
  const subtitle = first
    ? `An overview of your ${listJoin(entities.map((e) => humanize(pluralize(e.name))))}.`
    : `Welcome to ${model.name}.`;
  return `${head}
export default function Home() {
${logic}  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" subtitle=${jsString(subtitle)} />
${body}
    </div>
  );
}
`;
}

/** `pages/About.jsx`: what the app is for and where to find things. */
export function renderAboutPage(model: AppModel, page: ExtraPage): string {
  const entities = model.entities.filter((e) => e.hasPages);
  const summary = entities.length
    ? `${model.name} helps you keep track of your ${listJoin(entities.map((e) => humanize(pluralize(e.name))))}.`
    : `${model.name} is ready for your ideas.`;
  const links = entities.map((e) => {
    const p = pagesOf(e.name);
    return `          <li>
            <Link to={createPageUrl(${jsString(p.list)})} className="font-medium text-primary hover:underline">
              ${cap(humanize(pluralize(e.name)))}
            </Link>
          </li>`;
  });
  return `import React from "react";
${links.length ? 'import { Link } from "react-router-dom";\nimport { createPageUrl } from "@/utils";\n' : ''}import PageHeader from "@/components/PageHeader";

export default function ${page.name}() {
  return (
    <div className="space-y-6">
      <PageHeader title=${jsString(page.title)} subtitle=${jsString(`About ${model.name}`)} />
      <div className="${CLASSES.card} space-y-4 p-6 text-sm leading-6">
        <p>${escapeJsxText(summary)}</p>
${
  links.length
    ? `        <p>Everything is organised in these sections:</p>
        <ul className="list-inside list-disc space-y-1">
${links.join('\n')}
        </ul>`
    : ''
}
        <p className="text-muted-foreground">Your data is saved securely and is only visible to the people allowed to see it.</p>
      </div>
    </div>
  );
}
`;
}

/** `pages/Statistics.jsx`: totals per entity, breakdowns of choice fields, shares of yes/no fields, sums of numbers. */
export function renderStatisticsPage(model: AppModel, page: ExtraPage): string {
  const entities = model.entities.filter((e) => e.hasPages);
  const names = model.entities.map((e) => e.name);
  const imports = entities.map((e) => {
    const id = entityIdentifier(e.name);
    return id === e.name
      ? `import { ${e.name} } from "@/entities/${e.name}";`
      : `import { ${e.name} as ${id} } from "@/entities/${e.name}";`;
  });
  const stats = entities.map((e) => {
    const fields = fieldSpecsOf(e.schema, names);
    const pick = (kind: string) =>
      fields.filter((f) => f.kind === kind).map((f) => `{ key: ${jsString(f.key)}, label: ${jsString(f.label)} }`);
    return `  {
    label: ${jsString(cap(humanize(pluralize(e.name))))},
    entity: ${entityIdentifier(e.name)},
    choices: [${pick('select').join(', ')}],
    flags: [${pick('boolean').join(', ')}],
    numbers: [${pick('number').join(', ')}],
  },`;
  });
  return `import React, { useEffect, useState } from "react";
${imports.join('\n')}
import PageHeader from "@/components/PageHeader";
import LoadingState from "@/components/LoadingState";
import ErrorMessage from "@/components/ErrorMessage";
import EmptyState from "@/components/EmptyState";
import { errorMessage, formatNumber, prettify } from "@/services/format";

// Statistics are computed from up to this many records per entity.
const RECORD_LIMIT = 1000;

const STATS = [
${stats.join('\n')}
];

function countBy(rows, key) {
  const counts = {};
  for (const row of rows) {
    const value = row[key] ?? "none";
    counts[value] = (counts[value] || 0) + 1;
  }
  return Object.entries(counts).sort((a, b) => b[1] - a[1]);
}

function BarList({ title, entries, total }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-medium">{title}</h3>
      <ul className="space-y-2">
        {entries.map(([value, count]) => (
          <li key={value} className="text-sm">
            <div className="mb-1 flex justify-between">
              <span>{prettify(value)}</span>
              <span className="text-muted-foreground">{count}</span>
            </div>
            <div className="h-2 rounded-full bg-muted">
              <div className="h-2 rounded-full bg-primary" style={{ width: Math.round((count / Math.max(total, 1)) * 100) + "%" }} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function ${page.name}() {
  const [rowsByLabel, setRowsByLabel] = useState({});
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState("");

  useEffect(() => {
    let isCurrent = true;
    Promise.all(STATS.map((stat) => stat.entity.list("-createdAt", RECORD_LIMIT)))
      .then((results) => {
        if (isCurrent) setRowsByLabel(Object.fromEntries(STATS.map((stat, index) => [stat.label, results[index]])));
      })
      .catch((err) => {
        if (isCurrent) setError(errorMessage(err));
      })
      .finally(() => {
        if (isCurrent) setIsLoading(false);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  if (isLoading) return <LoadingState label="Crunching the numbers…" />;

  return (
    <div className="space-y-6">
      <PageHeader title=${jsString(page.title)} subtitle="Totals and breakdowns of your data." />
      {error && <ErrorMessage message={error} />}
      {STATS.length === 0 && <EmptyState title="Nothing to count yet" message="Add an entity to see statistics here." />}
      {STATS.map((stat) => {
        const rows = rowsByLabel[stat.label] || [];
        return (
          <section key={stat.label} className="${CLASSES.card} space-y-5 p-5">
            <div className="flex items-baseline justify-between">
              <h2 className="font-semibold">{stat.label}</h2>
              <span className="text-2xl font-semibold">{rows.length}</span>
            </div>
            {stat.numbers.length > 0 && (
              <div className="grid gap-3 sm:grid-cols-2">
                {stat.numbers.map((field) => {
                  const values = rows.map((row) => Number(row[field.key])).filter((value) => Number.isFinite(value));
                  const sum = values.reduce((total, value) => total + value, 0);
                  return (
                    <div key={field.key} className="rounded-lg bg-muted p-3 text-sm">
                      <p className="text-muted-foreground">{field.label}</p>
                      <p className="font-medium">
                        Total {formatNumber(sum)} · Average {values.length ? formatNumber(Math.round((sum / values.length) * 100) / 100) : "—"}
                      </p>
                    </div>
                  );
                })}
              </div>
            )}
            {stat.flags.map((field) => {
              const yes = rows.filter((row) => row[field.key]).length;
              return <BarList key={field.key} title={field.label} entries={[["yes", yes], ["no", rows.length - yes]]} total={rows.length} />;
            })}
            {stat.choices.map((field) => (
              <BarList key={field.key} title={field.label} entries={countBy(rows, field.key)} total={rows.length} />
            ))}
          </section>
        );
      })}
    </div>
  );
}
`;
}

/** A page the builder asked for that the offline model has no template for: a titled, ready-to-edit page. */
export function renderCustomPage(model: AppModel, page: ExtraPage): string {
  return `import React from "react";
import PageHeader from "@/components/PageHeader";

export default function ${page.name}() {
  return (
    <div className="space-y-6">
      <PageHeader title=${jsString(page.title)} subtitle=${jsString(`Part of ${model.name}`)} />
      <div className="${CLASSES.card} p-6 text-sm leading-6">
        <p>This is the ${escapeJsxText(page.title)} page. Edit pages/${page.name}.jsx to put your own content here.</p>
      </div>
    </div>
  );
}
`;
}

function escapeJsxText(text: string): string {
  return text.replace(/[{}<>]/g, (c) => `{${jsString(c)}}`);
}

/** The field a board groups by: status, stage or state, else the first choice field. */
export function boardFieldOf(model: AppModel, entity: string): FieldSpec | undefined {
  const e = model.entities.find((x) => x.name === entity);
  if (!e) return undefined;
  const selects = fieldSpecsOf(
    e.schema,
    model.entities.map((x) => x.name),
  ).filter((f) => f.kind === 'select');
  return selects.find((f) => ['status', 'stage', 'state'].includes(f.key)) ?? selects[0];
}

/** A kanban board of an entity: one column per value of its choice field, cards moved by drag or a select. */
export function renderBoardPage(model: AppModel, page: ExtraPage): string {
  const entity = page.entity!;
  const field = boardFieldOf(model, entity);
  const e = model.entities.find((x) => x.name === entity);
  if (!field || !e) return renderCustomPage(model, page);
  const id = entityIdentifier(entity);
  const pages = pagesOf(entity);
  const display = displayFieldOf(e.schema);
  const label = humanize(entity);
  const title = display ? `card.${display} || "Untitled ${label}"` : `"${cap(label)} " + card.id.slice(0, 8)`;
  const importLine =
    id === entity
      ? `import { ${entity} } from "@/entities/${entity}";`
      : `import { ${entity} as ${id} } from "@/entities/${entity}";`;
  return `import React, { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { PlusIcon } from "lucide-react";
${importLine}
import { createPageUrl } from "@/utils";
import PageHeader from "@/components/PageHeader";
import LoadingState from "@/components/LoadingState";
import ErrorMessage from "@/components/ErrorMessage";
import { errorMessage, prettify } from "@/services/format";

// One column per ${field.label.toLowerCase()}; records with another value show in the first column.
const COLUMNS = [${field.options.map((o) => jsString(o)).join(', ')}];
const FIELD = ${jsString(field.key)};

function columnOf(card) {
  return COLUMNS.includes(card[FIELD]) ? card[FIELD] : COLUMNS[0];
}

export default function ${page.name}() {
  const [cards, setCards] = useState([]);
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState("");
  const [draggedId, setDraggedId] = useState(null);

  useEffect(() => {
    let isCurrent = true;
    ${id}.list("-createdAt", 500)
      .then((rows) => {
        if (isCurrent) setCards(rows);
      })
      .catch((err) => {
        if (isCurrent) setError(errorMessage(err));
      })
      .finally(() => {
        if (isCurrent) setIsLoading(false);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  async function handleMove(card, value) {
    if (columnOf(card) === value) return;
    const previous = card[FIELD];
    const apply = (next) => setCards((current) => current.map((item) => (item.id === card.id ? { ...item, [FIELD]: next } : item)));
    apply(value);
    setError("");
    try {
      await ${id}.update(card.id, { [FIELD]: value });
    } catch (err) {
      apply(previous);
      setError(errorMessage(err));
    }
  }

  function handleDrop(value) {
    const card = cards.find((item) => item.id === draggedId);
    setDraggedId(null);
    if (card) handleMove(card, value);
  }

  if (isLoading) return <LoadingState />;

  return (
    <div>
      <PageHeader title=${jsString(page.title)} subtitle="Drag cards between columns, or pick a column on the card.">
        <Link to={createPageUrl(${jsString(pages.form)})} className="${CLASSES.primaryButton}">
          <PlusIcon className="h-4 w-4" />
          New ${label}
        </Link>
      </PageHeader>
      {error && (
        <div className="mb-4">
          <ErrorMessage message={error} />
        </div>
      )}
      <div className="flex gap-4 overflow-x-auto pb-4">
        {COLUMNS.map((column) => {
          const columnCards = cards.filter((card) => columnOf(card) === column);
          return (
            <section
              key={column}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => handleDrop(column)}
              className="flex w-72 shrink-0 flex-col gap-3 rounded-xl bg-muted p-3"
            >
              <h2 className="flex items-center justify-between px-1 text-sm font-semibold">
                {prettify(column)}
                <span className="rounded-full bg-surface px-2 py-0.5 text-xs text-muted-foreground">{columnCards.length}</span>
              </h2>
              {columnCards.map((card) => (
                <article
                  key={card.id}
                  draggable
                  onDragStart={() => setDraggedId(card.id)}
                  className="${CLASSES.card} cursor-grab space-y-2 p-3 active:cursor-grabbing"
                >
                  <Link to={createPageUrl(${jsString(`${pages.detail}?id=`)} + card.id)} className="block text-sm font-medium hover:text-primary">
                    {${title}}
                  </Link>
                  <select
                    value={columnOf(card)}
                    onChange={(event) => handleMove(card, event.target.value)}
                    aria-label=${jsString(`Move to another ${field.label.toLowerCase()}`)}
                    className="w-full rounded-md border border-border bg-surface px-2 py-1 text-xs"
                  >
                    {COLUMNS.map((option) => (
                      <option key={option} value={option}>
                        {prettify(option)}
                      </option>
                    ))}
                  </select>
                </article>
              ))}
              {columnCards.length === 0 && <p className="px-1 text-xs text-muted-foreground">Nothing here.</p>}
            </section>
          );
        })}
      </div>
    </div>
  );
}
`;
}

/** An agenda of every record with a date: grouped by day, upcoming first, past days on request. */
export function renderCalendarPage(model: AppModel, page: ExtraPage): string {
  const names = model.entities.map((e) => e.name);
  const sources = model.entities
    .filter((e) => e.hasPages)
    .map((e) => ({ e, field: fieldSpecsOf(e.schema, names).find((f) => f.kind === 'date' || f.kind === 'datetime') }))
    .filter((x): x is { e: (typeof x)['e']; field: FieldSpec } => x.field !== undefined);
  if (sources.length === 0) return renderCustomPage(model, page);
  const imports = [...new Set(sources.map((x) => x.e.name))].map((name) => {
    const id = entityIdentifier(name);
    return id === name
      ? `import { ${name} } from "@/entities/${name}";`
      : `import { ${name} as ${id} } from "@/entities/${name}";`;
  });
  const lines = sources.map(({ e, field }) => {
    const display = displayFieldOf(e.schema);
    return `  { label: ${jsString(cap(humanize(e.name)))}, entity: ${entityIdentifier(e.name)}, field: ${jsString(field.key)}, hasTime: ${field.kind === 'datetime'}, titleField: ${display ? jsString(display) : 'null'}, detail: ${jsString(pagesOf(e.name).detail)} },`;
  });
  return `import React, { useEffect, useMemo, useState } from "react";
import { Link } from "react-router-dom";
${imports.join('\n')}
import { createPageUrl } from "@/utils";
import PageHeader from "@/components/PageHeader";
import LoadingState from "@/components/LoadingState";
import ErrorMessage from "@/components/ErrorMessage";
import EmptyState from "@/components/EmptyState";
import { errorMessage, formatDate, toDateTimeInput } from "@/services/format";

// Each source is an entity and the date field that places its records on the agenda.
const SOURCES = [
${lines.join('\n')}
];

function localDay(value, hasTime) {
  return hasTime ? toDateTimeInput(value).slice(0, 10) : String(value).slice(0, 10);
}

export default function ${page.name}() {
  const [items, setItems] = useState([]);
  const [isLoading, setIsLoading] = useState(true);
  const [error, setError] = useState("");
  const [showPast, setShowPast] = useState(false);
  const today = toDateTimeInput(new Date().toISOString()).slice(0, 10);

  useEffect(() => {
    let isCurrent = true;
    Promise.all(SOURCES.map((source) => source.entity.list(source.field, 1000)))
      .then((results) => {
        if (!isCurrent) return;
        const all = results.flatMap((rows, index) => {
          const source = SOURCES[index];
          return rows
            .filter((row) => row[source.field])
            .map((row) => ({
              key: source.label + row.id,
              day: localDay(row[source.field], source.hasTime),
              time: source.hasTime ? toDateTimeInput(row[source.field]).slice(11, 16) : "",
              title: (source.titleField && row[source.titleField]) || source.label + " " + row.id.slice(0, 8),
              label: source.label,
              to: createPageUrl(source.detail + "?id=" + row.id),
            }));
        });
        setItems(all.sort((a, b) => (a.day + a.time).localeCompare(b.day + b.time)));
      })
      .catch((err) => {
        if (isCurrent) setError(errorMessage(err));
      })
      .finally(() => {
        if (isCurrent) setIsLoading(false);
      });
    return () => {
      isCurrent = false;
    };
  }, []);

  const days = useMemo(() => {
    const groups = new Map();
    for (const item of items) {
      if (!showPast && item.day < today) continue;
      if (!groups.has(item.day)) groups.set(item.day, []);
      groups.get(item.day).push(item);
    }
    return [...groups.entries()];
  }, [items, showPast, today]);

  if (isLoading) return <LoadingState />;

  return (
    <div className="space-y-6">
      <PageHeader title=${jsString(page.title)} subtitle="Everything with a date, day by day.">
        <label className="flex items-center gap-2 text-sm text-muted-foreground">
          <input type="checkbox" checked={showPast} onChange={(event) => setShowPast(event.target.checked)} className="h-4 w-4 accent-primary" />
          Show past days
        </label>
      </PageHeader>
      {error && <ErrorMessage message={error} />}
      {days.length === 0 ? (
        <EmptyState title="Nothing scheduled" message={showPast ? "No records have a date yet." : "Nothing from today on. Tick “Show past days” to look back."} />
      ) : (
        days.map(([day, dayItems]) => (
          <section key={day} className="${CLASSES.card} p-5">
            <h2 className="mb-3 flex items-center gap-2 font-semibold">
              {formatDate(day)}
              {day === today && <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">Today</span>}
            </h2>
            <ul className="divide-y divide-border">
              {dayItems.map((item) => (
                <li key={item.key} className="flex items-center gap-3 py-2 text-sm">
                  {item.time && <span className="w-12 shrink-0 text-muted-foreground">{item.time}</span>}
                  <Link to={item.to} className="min-w-0 flex-1 truncate font-medium hover:text-primary">
                    {item.title}
                  </Link>
                  <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">{item.label}</span>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
`;
}

/** The page file of an extra page. */
export function renderExtraPage(model: AppModel, page: ExtraPage): string {
  if (page.kind === 'calendar') return renderCalendarPage(model, page);
  if (page.kind === 'board') return renderBoardPage(model, page);
  if (page.kind === 'gallery') return renderGalleryPage(model, page) ?? renderCustomPage(model, page);
  if (page.kind === 'about') return renderAboutPage(model, page);
  if (page.kind === 'statistics') return renderStatisticsPage(model, page);
  return renderCustomPage(model, page);
}

/** `app.json`. */
export function renderManifest(model: AppModel): string {
  return JSON.stringify({ name: model.name, mainPage: model.mainPage }, null, 2) + '\n';
}
