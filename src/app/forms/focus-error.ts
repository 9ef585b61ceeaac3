import type { FormEvent } from 'react';
import type { ZodForm } from './use-zod-form.ts';

/**
 * Submits the form; when it is refused, the first field in error (else the form's banner) is scrolled
 * into view and the field takes focus (CHECKLIST item 7): on a phone the card number sits far above Pay.
 */
export async function submitShowingErrors(form: ZodForm, event: FormEvent<HTMLFormElement>): Promise<void> {
  const element = event.currentTarget;
  await form.onSubmit(event);
  // The errors render after this task: look once the frame is painted.
  requestAnimationFrame(() => {
    if (!element.isConnected) return;
    const field = element.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = field ?? element.querySelector<HTMLElement>('[role="alert"]');
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field?.focus({ preventScroll: true });
  });
}
