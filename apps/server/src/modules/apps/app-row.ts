import type { apps } from '@tessera/db';

/** A row of the apps table, as the apps repo reads and writes it. */
export type AppRow = typeof apps.$inferSelect;
