// The template library (docs/product/templates.md): the gallery, starter templates, copies of a
// template as the builder's own app.
import type { SignedIn } from '../../platform/http/signed-in';
import type { Platform } from '../../platform/platform';
import { createTemplatesRepo } from './templates.repo';
import { templatesRoutes } from './templates.routes';
import { createTemplatesService, type TemplatesServiceDeps } from './templates.service';

export interface TemplatesModuleDeps extends Omit<TemplatesServiceDeps, 'templatesRepo'> {
  signedIn: SignedIn;
}

/** Builds the templates module: its routes. */
export function createTemplatesModule({ db, config }: Platform, { signedIn, ...deps }: TemplatesModuleDeps) {
  const templates = createTemplatesService({ ...deps, templatesRepo: createTemplatesRepo(db, config.adminEmails) });
  return { routes: templatesRoutes({ templates, signedIn }) };
}

export { SHOW_STARTERS_SETTING } from './starters';
