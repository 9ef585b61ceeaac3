import { useTranslation } from 'react-i18next';
import { css, cx } from '../../../styled-system/css';
import { Button } from '../ui/button.tsx';

/** A form's last row: Cancel, then the submit button (busy while the form is sent). */
export function FormActions({
  submitLabel,
  submitting,
  onCancel,
  disabled,
  className,
}: {
  submitLabel: string;
  submitting: boolean;
  onCancel: () => void;
  /** The submit button only: an online-only form offline. Cancel always works. */
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cx(css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' }), className)}>
      <Button variant="outline" onClick={onCancel}>
        {t('app.common.cancel')}
      </Button>
      <Button type="submit" loading={submitting} disabled={disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
