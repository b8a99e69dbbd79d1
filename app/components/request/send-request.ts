/**
 * POST /api/leads with XMLHttpRequest (fetch reports no upload progress): multipart with every
 * non-empty field as text and each photo under `photos` (product.md §7). Resolves with the case number
 * and when we reply (the server's words);
 * rejects with the server's message, or 'Failed to submit request' when there is none (product.md §8).
 */
export const SUBMIT_FAILED = 'Failed to submit request';

export class SubmitError extends Error {
  override name = 'SubmitError';
}

export function sendLeadRequest(
  body: FormData,
  onProgress: (fraction: number) => void,
): Promise<{ caseNumber: string; reply?: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/leads');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: { caseNumber?: unknown; reply?: unknown; message?: unknown } = {};
      try {
        data = JSON.parse(xhr.responseText) as typeof data;
      } catch {
        // not JSON (a proxy's error page): fall back to the generic message
      }
      if (xhr.status >= 200 && xhr.status < 300 && typeof data.caseNumber === 'string') {
        onProgress(1);
        // when we reply, as the server's clock says (an older server's answer has none)
        resolve({
          caseNumber: data.caseNumber,
          reply: typeof data.reply === 'string' ? data.reply : undefined,
        });
      } else {
        reject(
          new SubmitError(typeof data.message === 'string' && data.message ? data.message : SUBMIT_FAILED),
        );
      }
    };
    const fail = () => reject(new SubmitError(SUBMIT_FAILED));
    xhr.onerror = fail;
    xhr.onabort = fail;
    xhr.ontimeout = fail;
    xhr.send(body);
  });
}
