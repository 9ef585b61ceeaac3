import { useState } from 'react';
import { PURPOSES } from '../../../shared/file-kinds.ts';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { settings } from '../../state/settings.ts';
import { showToast } from '../../state/ui.ts';
import { FileUpload } from '../../ui/file-upload.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { useOnline } from '../../api/online-only.ts';
import { uploadLogo } from '../../session/settings-actions.ts';

export function LogoForm() {
  const { t } = useTranslation();
  const { record } = useSnapshot(settings);
  const [busy, setBusy] = useState(false);
  const online = useOnline();
  return (
    <div className={css({ display: 'grid', gap: 'gap', gridTemplateColumns: { base: '1fr', md: '10rem 1fr' }, alignItems: 'start' })}>
      <div
        className={css({
          w: '40',
          h: '40',
          borderWidth: '1px',
          borderColor: 'border',
          borderRadius: 'lg',
          display: 'grid',
          placeItems: 'center',
          bg: 'subtle',
          overflow: 'hidden',
        })}
      >
        {record?.logo ? (
          <img
            src={record.logo}
            alt={t('app.settings.currentLogo')}
            className={css({ maxW: 'full', maxH: 'full', objectFit: 'contain' })}
          />
        ) : (
          <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('app.settings.noLogo')}</span>
        )}
      </div>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
        <OfflineNote text={t('app.sync.needsConnection.upload')} />
        <FileUpload
          label={t('app.settings.logo')}
          accept={PURPOSES.logo.join(',')}
          disabled={busy || !online}
          onFile={(file) => {
            setBusy(true);
            void uploadLogo(file)
              .then(() => showToast(t('app.settings.logoSaved'), 'success'))
              .catch(() => undefined)
              .finally(() => setBusy(false));
          }}
        />
      </div>
    </div>
  );
}
