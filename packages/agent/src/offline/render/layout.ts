// `layout.jsx`: the app's name and navigation, framed by the shared components/AppShell.jsx.
import { iconOf, pagesOf, type AppModel, type ExtraPage } from '../app-model';
import { capitalize, humanize, jsString, pluralize } from '../text';
import { lucideImport } from './code';

const EXTRA_ICONS: Record<ExtraPage['kind'], string> = {
  about: 'InfoIcon',
  statistics: 'ChartColumnIcon',
  board: 'KanbanIcon',
  calendar: 'CalendarDaysIcon',
  gallery: 'ImagesIcon',
  custom: 'FileTextIcon',
  tool: 'WandSparklesIcon',
};

function navItems(model: AppModel): Array<{ label: string; page: string; icon: string; pages: string[] }> {
  const items = [{ label: 'Dashboard', page: 'Home', icon: 'LayoutDashboardIcon', pages: ['Home'] }];
  for (const e of model.entities.filter((x) => x.hasPages)) {
    const p = pagesOf(e.name);
    items.push({
      label: capitalize(humanize(pluralize(e.name))),
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

/** `layout.jsx`: the brand icon is the first entity's icon, or a sparkle. */
export function renderLayout(model: AppModel): string {
  const items = navItems(model);
  const first = model.entities.find((e) => e.hasPages);
  const brand = first ? iconOf(first.name) : 'SparklesIcon';
  const itemLines = items.map(
    (i) =>
      `  { label: ${jsString(i.label)}, page: ${jsString(i.page)}, icon: ${i.icon}, pages: ${JSON.stringify(i.pages).replace(/,/g, ', ')} },`,
  );
  return `import React from "react";
${lucideImport([brand, ...items.map((i) => i.icon)])}
import AppShell from "@/components/AppShell";

const APP_NAME = ${jsString(model.name)};

const NAV_ITEMS = [
${itemLines.join('\n')}
];

export default function Layout({ children, currentPageName }) {
  return (
    <AppShell appName={APP_NAME} brandIcon={${brand}} navItems={NAV_ITEMS} currentPageName={currentPageName}>
      {children}
    </AppShell>
  );
}
`;
}
