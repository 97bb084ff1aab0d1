export type { AppSnapshot, AppManifest } from './snapshot';
