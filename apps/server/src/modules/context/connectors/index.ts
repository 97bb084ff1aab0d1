import type { Config } from '../../../platform/config';
import type { Connector } from './connector';
import { createGoogleDriveConnector } from './google-drive';
import { createNotionConnector } from './notion';

export { ConnectorError, type Connector, type ConnectorItem } from './connector';
export { createNotionConnector } from './notion';
export { createGoogleDriveConnector } from './google-drive';

export type Connectors = Partial<Record<Connector['id'], Connector>>;

/** The connectors whose credentials are configured; unconfigured ones are shown "not configured". */
export function connectorsFrom(config: Config['connectors']): Connectors {
  const connectors: Connectors = {};
  if (config.notion) connectors.notion = createNotionConnector(config.notion);
  if (config.googleDrive) connectors.google_drive = createGoogleDriveConnector(config.googleDrive);
  return connectors;
}
