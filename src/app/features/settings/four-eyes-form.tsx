import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { toApiError } from '../../api/http.ts';
import { saveSettings } from '../../session/settings-actions.ts';
import { settings } from '../../state/settings.ts';
import { showToast } from '../../state/ui.ts';
import { Checkbox } from '../../ui/checkbox.tsx';

/**
 * Four eyes on money that staff create (DESIGN.md §6): root alone switches it, for a company with a
 * single staff member; the server refuses anyone else (403) and audits each switch.
 */
export function FourEyesForm() {
  const { t } = useTranslation();
  const on = useSnapshot(settings).record?.fourEyes ?? true;
  const [busy, setBusy] = useState(false);
  async function change(next: boolean) {
    setBusy(true);
    try {
      await saveSettings({ fourEyes: next });
      showToast(t('app.settings.saved'), 'success');
    } catch (cause) {
      showToast(t('app.settings.saveFailed', { error: toApiError(cause).message }), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })} data-testid="four-eyes-setting">
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.settings.fourEyesText')}</p>
      <Checkbox checked={on} disabled={busy} name="fourEyes" onChange={change}>
        {t('app.settings.fourEyesSwitch')}
      </Checkbox>
    </div>
  );
}
