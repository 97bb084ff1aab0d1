import type { Config } from '../../../platform/config';
import { AppError } from '../../../platform/errors';
import type { Connector } from './connector';
import { createGoogleDriveConnector } from './google-drive';
import { createNotionConnector } from './notion';

export { ConnectorError, type Connector, type ConnectorItem } from './connector';
export { createNotionConnector } from './notion';
export { createGoogleDriveConnector } from './google-drive';

export type Connectors = Partial<Record<Connector['id'], Connector>>;

export const CONNECTORS_ADMIN_ONLY = 'Only admins can use the Notion and Google Drive connectors on this server';

/**
 * The connectors' tokens are the operator's (NOTION_API_TOKEN, GOOGLE_DRIVE_ACCESS_TOKEN) and read
 * every document shared with them, so only admins (operator accounts) may list or import through
 * them; builders have no connection of their own yet.
 */
export function requireConnectorAccess(isAdmin: boolean): void {
  if (!isAdmin) throw new AppError('FORBIDDEN', CONNECTORS_ADMIN_ONLY);
}

/** The connectors whose credentials are configured; unconfigured ones are shown "not configured". */
export function connectorsFrom(config: Config['connectors']): Connectors {
  const connectors: Connectors = {};
  if (config.notion) connectors.notion = createNotionConnector(config.notion);
  if (config.googleDrive) connectors.google_drive = createGoogleDriveConnector(config.googleDrive);
  return connectors;
}
