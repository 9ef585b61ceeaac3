import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityName } from '../../shared/entities/index.ts';
import type { Filter, Sort } from '../../shared/list-params.ts';
import { toApiError } from '../api/http.ts';
import { useOnline } from '../api/online-only.ts';
import { showToast } from '../state/ui.ts';
import { Button } from '../ui/button.tsx';
import { downloadList } from './list-export.ts';

/**
 * A list's xlsx and csv buttons (CHECKLIST item 9): the server exports what the list's filters, search
 * and sort show (`GET /{entity}/export`). Online only: offline the buttons are off, and a refusal is
 * said in a toast in the reader's words.
 */
export function ExportButtons({
  entity,
  query,
  testId = `${entity}s-export`,
}: {
  entity: EntityName;
  query: { filters?: Filter[]; sorts?: Sort[]; q?: string };
  testId?: string;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  async function exportAs(format: 'csv' | 'xlsx') {
    setExporting(format);
    try {
      await downloadList(entity, query, format);
    } catch (cause) {
      showToast(t('app.money.export.failed', { error: toApiError(cause).message }), 'error');
    } finally {
      setExporting(null);
    }
  }
  return (
    <>
      {(['xlsx', 'csv'] as const).map((format) => (
        <Button
          key={format}
          variant="outline"
          size="sm"
          disabled={!online}
          loading={exporting === format}
          onClick={() => void exportAs(format)}
          data-testid={`${testId}-${format}`}
        >
          {t(`app.money.billing.export.${format}`)}
        </Button>
      ))}
    </>
  );
}
