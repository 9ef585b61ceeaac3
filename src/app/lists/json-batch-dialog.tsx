import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field, FieldTextarea } from '../ui/field.tsx';
import { controlStyle } from '../ui/input.tsx';
import { css, cx } from '../../../styled-system/css';
import { toApiError } from '../api/http.ts';
import { parseJsonArray, rowErrors } from './json-array.ts';
import { FORM_ERROR } from '../forms/issues.ts';

// Kept in its own module so logic tests need no styles; re-exported for existing callers.
export { parseJsonArray };

export function JsonBatchDialog({
  title,
  example,
  onSubmit,
  onClose,
  label,
}: {
  title: string;
  example: string;
  onSubmit: (items: Record<string, unknown>[]) => Promise<unknown>;
  onClose: () => void;
  label?: (field: string) => string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [rows, setRows] = useState<{ row: number; field: string; message: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const result = parseJsonArray(text);
    setRows([]);
    if ('error' in result) return setError(t(result.error));
    setBusy(true);
    try {
      await onSubmit(result.items);
      onClose();
    } catch (cause) {
      const apiError = toApiError(cause);
      const perRow = rowErrors(apiError.details);
      setRows(perRow);
      const others = Object.entries(apiError.details ?? {}).filter(([k]) => !k.startsWith('items.'));
      setError(others.length ? `${apiError.message}: ${others.map(([k, v]) => `${label?.(k) ?? k} ${v}`).join('; ')}` : apiError.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('app.common.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            {t('app.common.create')}
          </Button>
        </>
      }
    >
      <Field label={t('app.list.jsonLabel')} error={error} helper={`${t('app.list.jsonExample')} ${example}`}>
        <FieldTextarea
          className={cx(controlStyle, css({ py: '2', minH: '40', fontFamily: 'mono' }))}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
            setRows([]);
          }}
        />
      </Field>
      {rows.length ? (
        <ul
          aria-label={t('app.list.rowErrors')}
          className={css({ display: 'flex', flexDir: 'column', gap: '1', fontSize: 'sm', color: 'error', listStyle: 'none' })}
        >
          {rows.map((e) => (
            <li key={`${e.row}.${e.field}`}>
              {e.field === FORM_ERROR
                ? t('app.list.rowErrorGeneral', { row: e.row, message: e.message })
                : t('app.list.rowError', { row: e.row, field: label?.(e.field) ?? e.field, message: e.message })}
            </li>
          ))}
        </ul>
      ) : null}
    </Dialog>
  );
}
