export { usePublicConfig } from './use-config';
export { useDocumentTitle } from './use-document-title';
