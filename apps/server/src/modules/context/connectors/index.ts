import type { Connector } from './connector';
import { createGoogleDriveConnector } from './google-drive';
import { createNotionConnector } from './notion';

export { ConnectorError, type Connector, type ConnectorItem } from './connector';
export { createNotionConnector } from './notion';
export { createGoogleDriveConnector } from './google-drive';

export type Connectors = Partial<Record<Connector['id'], Connector>>;

/**
 * The connectors whose credentials are configured: NOTION_API_TOKEN (+ NOTION_API_URL),
 * GOOGLE_DRIVE_ACCESS_TOKEN (+ GOOGLE_DRIVE_API_URL). Unconfigured ones are shown "not configured".
 */
export function connectorsFromEnv(env: Record<string, string | undefined>): Connectors {
  const connectors: Connectors = {};
  if (env.NOTION_API_TOKEN) connectors.notion = createNotionConnector({ token: env.NOTION_API_TOKEN, baseUrl: env.NOTION_API_URL || undefined });
  if (env.GOOGLE_DRIVE_ACCESS_TOKEN) connectors.google_drive = createGoogleDriveConnector({ token: env.GOOGLE_DRIVE_ACCESS_TOKEN, baseUrl: env.GOOGLE_DRIVE_API_URL || undefined });
  return connectors;
}
