import { freshToken } from './api-client';
import { ApiError, NETWORK_ERROR_TEXT } from './api-error';

/** Progress of an upload: bytes sent so far out of the total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

function errorFromXhr(xhr: XMLHttpRequest, fallback: string): ApiError {
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (typeof body === 'object' && body !== null) {
      const { detail, code } = body as { detail?: unknown; code?: unknown };
      if (typeof detail === 'string' && detail) {
        return new ApiError(xhr.status, detail, typeof code === 'string' ? (code as ApiError['code']) : 'UNKNOWN');
      }
    }
  } catch {
    // Not a JSON error body.
  }
  return new ApiError(xhr.status, fallback, 'UNKNOWN');
}

/**
 * POSTs a multipart form with XMLHttpRequest, because fetch cannot report upload progress, and
 * resolves with the response text. Errors become ApiErrors as in apiFetch.
 */
export async function uploadWithProgress(
  path: string,
  form: FormData,
  options: { fallbackError: string; onProgress: (progress: UploadProgress) => void; signal?: AbortSignal },
): Promise<string> {
  const token = await freshToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.responseText);
      else reject(errorFromXhr(xhr, options.fallbackError));
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_TEXT, 'NETWORK'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
