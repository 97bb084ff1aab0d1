export { usePublicConfig } from './use-config';
export { useDocumentTitle } from './use-document-title';
export { createSingleFlight, useSingleFlight } from './use-single-flight';
