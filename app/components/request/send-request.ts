/**
 * POST /api/leads with XMLHttpRequest (fetch reports no upload progress): multipart with every
 * non-empty field as text and each photo under `photos` (product.md §7), with the request's key
 * (saved-requests.ts: the same key again gets the same lead). Resolves with the case number and
 * when we reply (the server's words); rejects with the server's message, or 'Failed to submit
 * request' when there is none (product.md §8), saying whether it can be sent later (`later`: no
 * answer, or a busy or failing server) or was refused as it is.
 */
import { IDEMPOTENCY_HEADER } from '#app/modules/shared/idempotency.ts';
import { readAnswer } from './saved-requests.ts';

export const SUBMIT_FAILED = 'Failed to submit request';

export class SubmitError extends Error {
  override name = 'SubmitError';
  /** nothing says the request is wrong: kept on the phone, it can go when there is signal */
  readonly later: boolean;
  constructor(message: string, later: boolean) {
    super(message);
    this.later = later;
  }
}

/** Whether a failed send may go later, kept on the phone: anything but our API's refusal of it. */
export const isForLater = (err: unknown) => !(err instanceof SubmitError) || err.later;

export function sendLeadRequest(
  body: FormData,
  key: string,
  onProgress: (fraction: number) => void,
): Promise<{ caseNumber: string; reply?: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/leads');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(IDEMPOTENCY_HEADER, key);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        // not JSON (a proxy's error page): fall back to the generic message
      }
      // the one reading of an answer, the same as for a request kept on the phone
      const answer = readAnswer(xhr.status, data);
      if (answer.outcome === 'sent') {
        onProgress(1);
        // when we reply, as the server's clock says (an older server's answer has none)
        resolve({ caseNumber: answer.caseNumber, reply: answer.reply });
      } else if (answer.outcome === 'refused') {
        reject(new SubmitError(answer.message || SUBMIT_FAILED, false));
      } else {
        reject(new SubmitError(SUBMIT_FAILED, true));
      }
    };
    const fail = () => reject(new SubmitError(SUBMIT_FAILED, true));
    xhr.onerror = fail;
    xhr.onabort = fail;
    xhr.ontimeout = fail;
    xhr.send(body);
  });
}
