/** @tessera/contracts/templates: The template library. */
export {
  TEMPLATE_MESSAGES,
  TEMPLATE_SETTING_KEYS,
  TemplateSummarySchema,
  TemplateListResponseSchema,
  UseTemplateRequestSchema,
  UseTemplateResponseSchema,
  TemplateCategoriesResponseSchema,
  CreateTemplateCategoryRequestSchema,
  SaveAppTemplateRequestSchema,
  AppTemplateSchema,
  type TemplateSummary,
  type TemplateListResponse,
  type UseTemplateRequest,
  type UseTemplateResponse,
  type TemplateCategoriesResponse,
  type CreateTemplateCategoryRequest,
  type SaveAppTemplateRequest,
  type AppTemplate,
} from '../templates';
export { TEMPLATE_ROUTES } from '../api-routes-templates';
