import { RUNTIME_MESSAGES } from '@tessera/contracts/runtime';
import { getToken } from './token';

/**
 * Uploads an image to the app's files (`POST /api/apps/{appId}/files`: image cells, logos, backgrounds, icons, template pictures) and resolves to its URL on the
 * app's host. XMLHttpRequest rather than fetch: only it reports upload progress.
 */
export function uploadImage(appId: string, file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/apps/${encodeURIComponent(appId)}/files`);
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: { file_url?: string; error?: { message?: string } } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // not JSON: the generic message below
      }
      if (xhr.status === 200 && body.file_url) resolve(body.file_url);
      else reject(new Error(body.error?.message ?? RUNTIME_MESSAGES.uploadFailed));
    };
    xhr.onerror = () => reject(new Error(RUNTIME_MESSAGES.uploadFailed));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
