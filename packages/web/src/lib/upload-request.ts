import { freshToken, refreshSession } from './api-client';
import { ApiError, NETWORK_ERROR_TEXT } from './api-error';
import { getSession } from './session-store';

/** Progress of an upload: bytes sent so far out of the total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Options of one upload. */
export interface UploadOptions {
  /** Shown when the server gives no detail (spec section 8 texts). */
  fallbackError: string;
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
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

/** One attempt: resolves with the finished request whatever its status; rejects on network failure or abort. */
function send(path: string, form: FormData, token: string | null, options: UploadOptions): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR_TEXT, 'NETWORK'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    if (options.signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POSTs a multipart form with XMLHttpRequest, because fetch cannot report upload progress, and
 * resolves with the response text. Like apiFetch it renews the token once on a 401 and sends again,
 * and turns a failure into an ApiError.
 */
export async function uploadWithProgress(path: string, form: FormData, options: UploadOptions): Promise<string> {
  const token = await freshToken();
  let xhr = await send(path, form, token, options);
  if (xhr.status === 401 && token && (await refreshSession())) {
    xhr = await send(path, form, getSession()?.token ?? null, options);
  }
  if (xhr.status >= 200 && xhr.status < 300) return xhr.responseText;
  throw errorFromXhr(xhr, options.fallbackError);
}
