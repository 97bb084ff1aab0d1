export { usePublicConfig } from './use-config';
export { useMediaQuery } from './use-media-query';
export { useDocumentTitle } from './use-document-title';
export { createSingleFlight, useSingleFlight } from './use-single-flight';
