export { createTestDatabase, prepareTemplateDatabase, TEMPLATE_DB_NAME, type TestDatabase } from './test-database';
export { startFakeSmtp, type FakeSmtp, type ReceivedMail } from './fake-smtp';
export { startFakeGoogle, type FakeGoogle, type GoogleProfile } from './fake-google';
export { uniqueEmail, STRONG_PASSWORD } from './factories';
