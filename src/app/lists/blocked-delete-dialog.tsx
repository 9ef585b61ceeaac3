import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';

/**
 * A delete the server refused as a whole (DELETE_BLOCKED): nothing was deleted. Names each blocked
 * record with its reason, and offers to delete the others only, or nothing.
 */
export function BlockedDeleteDialog({
  total,
  reasons,
  onClose,
  onDeleteOthers,
}: {
  total: number;
  reasons: Record<string, string>;
  onClose: () => void;
  onDeleteOthers: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const lines = Object.values(reasons);
  const others = Math.max(0, total - lines.length);
  return (
    <Dialog
      open
      role="alertdialog"
      onOpenChange={(open) => !open && onClose()}
      title={t('app.list.blockedTitle', { count: lines.length })}
      description={t('app.list.blockedText', { count: total })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('app.list.deleteNone')}
          </Button>
          {others > 0 ? (
            <Button
              variant="danger"
              loading={busy}
              onClick={() => {
                setBusy(true);
                void onDeleteOthers().finally(() => setBusy(false));
              }}
            >
              {t('app.list.deleteOthers', { count: others })}
            </Button>
          ) : null}
        </>
      }
    >
      <ul
        className={css({ display: 'flex', flexDir: 'column', gap: '1', ps: '5', listStyleType: 'disc', maxH: '15rem', overflowY: 'auto' })}
      >
        {Object.entries(reasons).map(([id, line]) => (
          <li key={id}>{line}</li>
        ))}
      </ul>
    </Dialog>
  );
}
