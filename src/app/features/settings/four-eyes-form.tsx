import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import type { SettingUpdate } from '../../../shared/setting.ts';
import { toApiError } from '../../api/http.ts';
import { saveSettings } from '../../session/settings-actions.ts';
import { settings } from '../../state/settings.ts';
import { showToast } from '../../state/ui.ts';
import { Checkbox } from '../../ui/checkbox.tsx';

type Switchable = { [K in keyof SettingUpdate]-?: NonNullable<SettingUpdate[K]> extends boolean ? K : never }[keyof SettingUpdate];

/**
 * One company switch saved at once (a checkbox and the sentence saying what it does): the server
 * decides who may switch it (403 otherwise) and audits what it must. `fallback` is the column's default.
 */
export function SettingSwitch({ field, fallback, text, label }: { field: Switchable; fallback: boolean; text: string; label: string }) {
  const { t } = useTranslation();
  const on = useSnapshot(settings).record?.[field] ?? fallback;
  const [busy, setBusy] = useState(false);
  async function change(next: boolean) {
    setBusy(true);
    try {
      await saveSettings({ [field]: next });
      showToast(t('app.settings.saved'), 'success');
    } catch (cause) {
      showToast(t('app.settings.saveFailed', { error: toApiError(cause).message }), 'error');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })} data-testid={`setting-${field}`}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{text}</p>
      <Checkbox checked={Boolean(on)} disabled={busy} name={field} onChange={change}>
        {label}
      </Checkbox>
    </div>
  );
}

/**
 * Four eyes on money that staff create (DESIGN.md §6): root alone switches it, for a company with a
 * single staff member; the server refuses anyone else (403) and audits each switch.
 */
export function FourEyesForm() {
  const { t } = useTranslation();
  return (
    <div data-testid="four-eyes-setting">
      <SettingSwitch field="fourEyes" fallback text={t('app.settings.fourEyesText')} label={t('app.settings.fourEyesSwitch')} />
    </div>
  );
}

/** Binary options (DESIGN.md §11): banned for EU retail clients, offered only when an admin switches them on (and to labelled leads). */
export function BinaryOptionsForm() {
  const { t } = useTranslation();
  return (
    <SettingSwitch
      field="binaryOptionsEnabled"
      fallback={false}
      text={t('app.settings.binaryOptionsText')}
      label={t('app.settings.binaryOptionsSwitch')}
    />
  );
}
