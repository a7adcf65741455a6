/**
 * Image uploads with progress: fetch cannot report upload progress, XMLHttpRequest can.
 * Errors come back as ApiError, like every other call.
 */
import type { MediaView, UploadTarget } from '../../../modules/media/media.schemas.ts';
import { ApiError, xsrfToken, type ApiErrorBody } from './api';

export type UploadedImage = MediaView;

export async function uploadImage(
  file: File,
  target: UploadTarget,
  options: { lang?: string; onProgress?: (percent: number) => void } = {},
): Promise<UploadedImage> {
  const token = await xsrfToken();
  const form = new FormData();
  form.append('entityType', target.entityType);
  form.append('entityId', String(target.entityId));
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media/upload');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.lang) xhr.setRequestHeader('Accept-Language', options.lang);
    if (token !== undefined) xhr.setRequestHeader('X-XSRF-TOKEN', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        options.onProgress?.(100);
        resolve(body as UploadedImage);
        return;
      }
      const error = (body ?? {}) as Partial<ApiErrorBody>;
      reject(new ApiError({ status: xhr.status, code: error.code ?? 'unknown', message: error.message ?? '', fields: error.fields }));
    };
    xhr.send(form);
  });
}
