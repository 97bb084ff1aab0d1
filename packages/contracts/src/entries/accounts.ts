/** @tessera/contracts/accounts: Builder accounts and the admin list of builders. */
export { ACCOUNT_TYPES } from '../constants';
export {
  AccountSchema,
  CreateAccountRequestSchema,
  CreateAccountResponseSchema,
  type Account,
  type CreateAccountRequest,
  type CreateAccountResponse,
} from '../accounts';
export {
  AdminBuilderSchema,
  AdminBuildersQuerySchema,
  AdminBuildersResponseSchema,
  AdminUpdateBuilderSchema,
  ADMIN_MESSAGES,
  InstallSettingsSchema,
  UpdateInstallSettingsSchema,
  type AdminBuilder,
  type AdminBuildersResponse,
  type AdminUpdateBuilder,
  type InstallSettings,
  type UpdateInstallSettings,
} from '../admin';
export { ADMIN_ROUTES } from '../api-routes-billing';
