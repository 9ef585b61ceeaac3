import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Field, FieldTextarea } from '../ui/field.tsx';
import { controlStyle } from '../ui/input.tsx';
import { css, cx } from '../../../styled-system/css';
import { toApiError } from '../api/http.ts';

/** SPEC.md §5: bulk creation takes a JSON array ('Invalid JSON format', 'Input must be a JSON array'). */
export function parseJsonArray(text: string): { items: Record<string, unknown>[] } | { error: 'validation.json' | 'validation.jsonArray' } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'validation.json' };
  }
  if (!Array.isArray(parsed) || parsed.some((item) => typeof item !== 'object' || item === null || Array.isArray(item))) {
    return { error: 'validation.jsonArray' };
  }
  return { items: parsed as Record<string, unknown>[] };
}

export function JsonBatchDialog({ title, example, onSubmit, onClose }: { title: string; example: string; onSubmit: (items: Record<string, unknown>[]) => Promise<unknown>; onClose: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const result = parseJsonArray(text);
    if ('error' in result) return setError(t(result.error));
    setBusy(true);
    try {
      await onSubmit(result.items);
      onClose();
    } catch (cause) {
      const apiError = toApiError(cause);
      setError(apiError.details ? `${apiError.message}: ${Object.entries(apiError.details).map(([k, v]) => `${k} ${v}`).join('; ')}` : apiError.message);
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
        <FieldTextarea className={cx(controlStyle, css({ py: '2', minH: '40', fontFamily: 'mono' }))} value={text} onChange={(e) => { setText(e.target.value); setError(null); }} />
      </Field>
    </Dialog>
  );
}
