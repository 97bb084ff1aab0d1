export { apiFetch, callRoute, rawFetch, setUnauthorizedHandler, type ApiRequest } from './client';
export { ApiError, errorMessage, isApiError, NETWORK_ERROR_MESSAGE } from './errors';
export { clearToken, getToken, onTokenChange, setToken } from './token';
export { saveBlob, saveResponse } from './save-file';
export { createSseParser, openEventStream, readSseEvents, type SseEvent } from './sse';
export { uploadImage } from './upload-image';
