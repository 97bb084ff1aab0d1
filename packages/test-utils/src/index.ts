export { createTestDatabase, prepareTemplateDatabase, TEMPLATE_DB_NAME, type TestDatabase } from './test-database';
export { startFakeSmtp, type FakeSmtp, type ReceivedMail } from './fake-smtp';
export { startFakeGoogle, type FakeGoogle, type GoogleProfile } from './fake-google';
export {
  startFakeStripe,
  type FakeStripe,
  type FakeStripeAccount,
  type FakeStripeDelivery,
  type FakeStripePrice,
} from './fake-stripe';
export {
  startFakeGumroad,
  type FakeGumroad,
  type FakeGumroadProduct,
  type FakeGumroadSale,
  type FakeGumroadSubscriber,
  type FakeGumroadPing,
} from './fake-gumroad';
export { uniqueEmail, STRONG_PASSWORD, SIGNUP_CONTACTS } from './factories';
export { startFakeSite, FAKE_SITE_TREE, type FakeSite, type FakeSiteOptions } from './fake-site';
export { buildDocx, buildDocxBomb, buildPdf } from './fixtures/documents';
export { buildCorpus, seededRandom, type Corpus, type LabelledQuestion } from './fixtures/corpus';
export {
  startFakeOpenAI,
  recordedAnswer,
  type FakeOpenAI,
  type FakeOpenAIRequest,
  type FakeReply,
} from './fake-openai';
export { loadReplays, replayAnswer, type Replay, type ReplayTurn, type ReplayReply } from './replays';
export {
  startFakeNotion,
  startFakeDrive,
  FAKE_NOTION_TOKEN,
  FAKE_DRIVE_TOKEN,
  FAKE_NOTION_PAGE,
  FAKE_DRIVE_DOC,
  FAKE_DRIVE_SHEET,
  type FakeConnectorServer,
} from './fixtures/fake-connectors';
export { startFakeDns, type FakeDns, type FakeDnsRecords } from './fake-dns';
