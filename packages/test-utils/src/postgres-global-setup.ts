import { prepareTemplateDatabase } from './test-database';

/** Vitest globalSetup of the int-postgres project: migrate the template database once. */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the int-postgres project');
  await prepareTemplateDatabase(url);
}
