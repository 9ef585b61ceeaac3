import { useRef } from 'react';
import { v7 as uuidv7 } from 'uuid';

export type FormKey = { current: () => string; renew: () => void };

/**
 * The `Idempotency-Key` of a form's write (CHECKLIST item 11), made when the form opens: a double tap
 * or two submit events in one tick send the same key, and the server books one. Renew it once the
 * server has answered (a new payment, or a corrected one, is a new request).
 */
export function useFormKey(): FormKey {
  const key = useRef<FormKey | null>(null);
  if (!key.current) {
    let value = uuidv7();
    key.current = {
      current: () => value,
      renew: () => {
        value = uuidv7();
      },
    };
  }
  return key.current;
}
