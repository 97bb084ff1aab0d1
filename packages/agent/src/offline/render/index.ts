import { pagesOf, type AppModel, type ExtraPage } from '../app-model';
import { renderGlobalsCss } from '../theme';
import { renderBoardPage } from './board-page';
import { renderCalendarPage } from './calendar-page';
import { renderDetailPage } from './detail-page';
import { renderFormPage } from './form-page';
import { renderGalleryPage } from './gallery-page';
import { renderHome } from './home-page';
import { renderAboutPage, renderCustomPage, renderStatisticsPage } from './info-pages';
import { renderLayout } from './layout';
import { renderListPage } from './list-page';
import { renderToolPage } from './tool-page';
import { SHARED_FILES } from './shared';

/** The three page files of an entity. */
export function renderEntityFiles(model: AppModel, entity: string): Record<string, string> {
  const pages = pagesOf(entity);
  return {
    [`pages/${pages.list}.jsx`]: renderListPage(model, entity),
    [`pages/${pages.detail}.jsx`]: renderDetailPage(model, entity),
    [`pages/${pages.form}.jsx`]: renderFormPage(model, entity),
  };
}

/** The page file of an extra page. */
export function renderExtraPage(model: AppModel, page: ExtraPage): string {
  if (page.kind === 'calendar') return renderCalendarPage(model, page);
  if (page.kind === 'board') return renderBoardPage(model, page);
  if (page.kind === 'gallery') return renderGalleryPage(model, page) ?? renderCustomPage(model, page);
  if (page.kind === 'about') return renderAboutPage(model, page);
  if (page.kind === 'statistics') return renderStatisticsPage(model, page);
  if (page.kind === 'tool' && page.tool) return renderToolPage(model, page);
  return renderCustomPage(model, page);
}

/** `app.json`. */
export function renderManifest(model: AppModel): string {
  return JSON.stringify({ name: model.name, mainPage: model.mainPage }, null, 2) + '\n';
}

/** Every file of an app generated from its model. */
export function renderAppFiles(model: AppModel): Record<string, string> {
  const files: Record<string, string> = {
    'app.json': renderManifest(model),
    'globals.css': renderGlobalsCss(model.theme),
    'layout.jsx': renderLayout(model),
    ...SHARED_FILES,
    'pages/Home.jsx': renderHome(model),
  };
  for (const e of model.entities) if (e.hasPages) Object.assign(files, renderEntityFiles(model, e.name));
  for (const page of model.extraPages) files[`pages/${page.name}.jsx`] = renderExtraPage(model, page);
  return files;
}

export { addBoardField, boardFieldOf, boardPage } from './board-page';
export { renderHome, renderLayout, SHARED_FILES };
