/**
 * The key a back-office change is posted with (decision 0179), so that a double press or a retry
 * after an answer that never came changes nothing: the server keeps the first answer under the key
 * (server/services/idempotency.ts). One key is kept for the same request, however often it is
 * sent; a different request (staff changed what they typed), or any request after the change went
 * through (`done`), gets a new one, so a second text on purpose is a text of its own.
 */
import { useCallback, useRef } from 'react';
import { IDEMPOTENCY_FIELD, newIdempotencyKey } from '#app/modules/shared/idempotency.ts';

export function useRequestKey() {
  const current = useRef<{ key: string; request: string } | null>(null);
  /** The form's fields with the key of this request added (IDEMPOTENCY_FIELD). */
  const keyed = useCallback((fields: Record<string, string>): Record<string, string> => {
    const request = JSON.stringify(fields);
    if (current.current?.request !== request) current.current = { key: newIdempotencyKey(), request };
    return { ...fields, [IDEMPOTENCY_FIELD]: current.current.key };
  }, []);
  /** The change went through: the next request, even the same, is a new one. */
  const done = useCallback(() => {
    current.current = null;
  }, []);
  return { keyed, done };
}
