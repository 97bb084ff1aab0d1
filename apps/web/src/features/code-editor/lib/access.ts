import type { AppKind } from '@tessera/contracts/apps';

/** Who gets the code editor (docs/product/editor-and-chat.md#roles-and-permissions): a generated app's builder, admins on space apps. */
export const canEditCode = (kind: AppKind, isAdmin: boolean): boolean =>
  kind === 'generated' || (kind === 'space' && isAdmin);
