import { pagesOf, type AppModel } from '../app-model';
import { renderGlobalsCss } from '../theme';
import { renderExtraPage, renderHome, renderLayout, renderManifest } from './app-pages';
import { renderDetailPage, renderFormPage, renderListPage } from './entity-pages';
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

export { renderExtraPage, renderHome, renderLayout, renderManifest, SHARED_FILES };
