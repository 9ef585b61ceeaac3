import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { toApiError } from '../api/http.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field, FieldInput, FieldTextarea } from '../ui/field.tsx';
import { controlStyle } from '../ui/input.tsx';

/**
 * What an action asks before it runs: nothing, a reason (a refusal says why), a reason the person may
 * give or not (a lead declining an offer), or a reference (a bank's).
 */
export type ActionInput = 'reason' | 'optionalReason' | 'reference' | undefined;

/**
 * The confirmation of one status action on one record (CHECKLIST item 8): its title, a sentence
 * naming who and how much, the one text the action needs, and the button that runs it. It checks
 * that text is given, shows the server's refusal next to it (or hands it to `onFailed`), and
 * closes through `onDone` only when the action succeeded. Every money, wealth, trading and
 * catalogue action dialog is this one with its own words.
 */
export function ActionDialog({
  title,
  what,
  confirmLabel,
  danger = false,
  input,
  initialText = '',
  run,
  onClose,
  onDone,
  onFailed,
  children,
}: {
  title: string;
  what: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  input?: ActionInput;
  initialText?: string;
  /** Sends the action; throws the API's refusal. Gets the trimmed text when `input` asks one. */
  run: (text: string) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
  /** Where a refusal goes instead of under the text (a screen that shows it as a toast). */
  onFailed?: (cause: unknown) => void;
  /** More to show above the text (figures the person should see before confirming). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    const value = text.trim();
    if ((input === 'reason' || input === 'reference') && !value) {
      setError(t(input === 'reason' ? 'app.money.actionInput.reasonRequired' : 'app.money.actionInput.referenceRequired'));
      return;
    }
    setBusy(true);
    try {
      await run(value);
      onDone();
    } catch (cause) {
      if (onFailed) onFailed(cause);
      // Said once, in the dialog, next to what was refused.
      else setError(toApiError(cause).message);
    } finally {
      setBusy(false);
    }
  }

  const edit = (value: string) => (setText(value), setError(null));
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      role="alertdialog"
      description={<span data-testid="action-what">{what}</span>}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('app.common.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'solid'} loading={busy} onClick={() => void confirm()} data-testid="action-confirm">
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {input === 'reason' || input === 'optionalReason' ? (
        <Field
          label={t(input === 'reason' ? 'app.money.actionInput.reason' : 'app.money.actionInput.reasonOptional')}
          required={input === 'reason'}
          error={error}
        >
          <FieldTextarea
            className={css({ minH: '20' }) + ' ' + controlStyle}
            maxLength={500}
            value={text}
            onChange={(event) => edit(event.target.value)}
            data-testid="action-reason"
          />
        </Field>
      ) : input === 'reference' ? (
        <Field label={t('app.money.actionInput.reference')} required error={error} helper={t('app.money.actionInput.referenceHelp')}>
          <FieldInput
            className={controlStyle}
            maxLength={100}
            autoComplete="off"
            value={text}
            onChange={(event) => edit(event.target.value)}
            data-testid="action-reference"
          />
        </Field>
      ) : error ? (
        <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
