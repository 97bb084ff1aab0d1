import { defineRoutes, type ApiRoute } from './api-route';
import {
  AppTemplateSchema,
  CreateTemplateCategoryRequestSchema,
  SaveAppTemplateRequestSchema,
  TemplateCategoriesResponseSchema,
  TemplateListResponseSchema,
  UseTemplateRequestSchema,
  UseTemplateResponseSchema,
} from './templates';

/** The template library (docs/product/templates.md#calls). */
export const TEMPLATE_ROUTES = defineRoutes({
  listTemplates: {
    method: 'get',
    path: '/api/templates',
    tag: 'Templates',
    summary: "The gallery: published apps the install's admins offer as templates, and the categories",
    auth: 'builder',
    responses: { 200: TemplateListResponseSchema },
  },
  useTemplate: {
    method: 'post',
    path: '/api/templates/{templateId}/use',
    tag: 'Templates',
    summary: "A new app of the builder's own from the template's published version, tools and data items",
    description:
      "The same requestKey gives back the first copy. Refused: a Pro template on the free plan, or more data items than the builder's plan allows in one app (403 `PLAN_LIMIT_REACHED` with `details.upgradeReason`).",
    auth: 'builder',
    body: UseTemplateRequestSchema,
    responses: { 200: UseTemplateResponseSchema },
    errors: [403],
  },
  listCategories: {
    method: 'get',
    path: '/api/templates/categories',
    tag: 'Templates',
    summary: 'The template categories (admins)',
    auth: 'builder',
    responses: { 200: TemplateCategoriesResponseSchema },
    errors: [403],
  },
  addCategory: {
    method: 'post',
    path: '/api/templates/categories',
    tag: 'Templates',
    summary: 'Add a template category (admins)',
    description: "Refused with 'Category name cannot be empty' or 'Category already exists' (400, 409).",
    auth: 'builder',
    body: CreateTemplateCategoryRequestSchema,
    responses: { 200: TemplateCategoriesResponseSchema },
    errors: [403, 409],
  },
  getAppTemplate: {
    method: 'get',
    path: '/api/apps/{appId}/template',
    tag: 'Templates',
    summary: "The app's template settings (admins, own apps)",
    auth: 'builder',
    responses: { 200: AppTemplateSchema },
    errors: [403],
  },
  saveAppTemplate: {
    method: 'post',
    path: '/api/apps/{appId}/template',
    tag: 'Templates',
    summary: 'Offer the app as a template or stop offering it (admins, own published apps)',
    auth: 'builder',
    body: SaveAppTemplateRequestSchema,
    responses: { 200: AppTemplateSchema },
    errors: [403, 409],
  },
});
export const TEMPLATE_API_ROUTES: readonly ApiRoute[] = Object.values(TEMPLATE_ROUTES);
