import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';
import { Icon } from './icons.tsx';

/** The password a reset produced: shown once, with a copy button; nothing keeps it afterwards. */
export function NewPasswordDialog({ password, name, onClose }: { password: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      // No clipboard permission (e.g. plain http): the text stays selectable.
      setCopied(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('app.users.newPasswordTitle')}
      description={t('app.users.newPasswordFor', { name })}
      footer={<Button onClick={onClose}>{t('app.common.close')}</Button>}
    >
      <p className={css({ fontSize: 'sm' })}>{t('app.users.newPasswordText')}</p>
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
        <code
          data-testid="new-password"
          className={css({
            fontFamily: 'mono',
            fontSize: 'lg',
            bg: 'subtle',
            px: '3',
            py: '2',
            borderRadius: 'md',
            userSelect: 'all',
            flex: '1',
            minW: '0',
            wordBreak: 'break-all',
          })}
        >
          {password}
        </code>
        <Button variant="outline" onClick={() => void copy()}>
          <Icon name={copied ? 'check' : 'copy'} />
          {copied ? t('app.users.copied') : t('app.users.copy')}
        </Button>
      </div>
      <span aria-live="polite" className={css({ srOnly: true })}>
        {copied ? t('app.users.copied') : ''}
      </span>
    </Dialog>
  );
}
