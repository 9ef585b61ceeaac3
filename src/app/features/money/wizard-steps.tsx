import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { useOnline } from '../../api/online-only.ts';
import { formatMoney } from '../../i18n/format.ts';
import { Button } from '../../ui/button.tsx';
import { Field, FieldInput } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { ProgressBar } from '../../ui/progress.tsx';
import type { DepositRecord } from './money-api.ts';
import { DepositStatusBadge } from './status-badges.tsx';

const actionsStyle = css({ display: 'flex', gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' });
const summaryStyle = css({ fontSize: 'sm', color: 'fg.muted' });

/** "€100.00 · Visa •••• 3220": what is being paid, without the card number. */
export function PaymentSummary({ deposit }: { deposit: DepositRecord }) {
  const { t } = useTranslation();
  const brand = deposit.cardBrand ? t(`app.money.brands.${deposit.cardBrand}`) : '';
  return (
    <p className={summaryStyle} data-testid="payment-summary">
      <strong className={css({ color: 'fg', fontSize: 'lg' })}>{formatMoney(deposit.amount)}</strong>
      {deposit.cardLast4 ? ` · ${brand} •••• ${deposit.cardLast4}` : null}
    </p>
  );
}

/** Step 2: the bank's 3-D Secure code; a wrong one keeps the lead here with the tries left. */
export function SecureCodeStep({
  deposit,
  triesLeft,
  error,
  busy,
  onConfirm,
  onCancel,
}: {
  deposit: DepositRecord;
  triesLeft: number | null;
  error: string | null;
  busy: boolean;
  onConfirm: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{4,8}$/.test(code.trim())) return setMissing(true);
    onConfirm(code.trim());
    setCode('');
  };
  const shown = missing ? t('validation.secureCode') : error;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t('app.money.wizard.secureCode')}
      className={css({ display: 'flex', flexDir: 'column', gap: '4' })}
    >
      <PaymentSummary deposit={deposit} />
      <p className={css({ fontSize: 'sm' })}>{t('app.money.wizard.secureCodeExplain')}</p>
      <Field
        label={t('app.fields.secureCode')}
        error={shown}
        required
        helper={triesLeft !== null ? t('app.money.wizard.triesLeft', { count: triesLeft }) : undefined}
      >
        <FieldInput
          className={controlStyle}
          name="secureCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={code}
          disabled={!online || busy}
          onChange={(event) => {
            setMissing(false);
            setCode(event.target.value.replace(/\D/g, ''));
          }}
        />
      </Field>
      {triesLeft !== null && shown ? (
        <p role="status" data-testid="tries-left" className={css({ fontSize: 'sm', fontWeight: 'medium' })}>
          {t('app.money.wizard.triesLeft', { count: triesLeft })}
        </p>
      ) : null}
      <div className={actionsStyle}>
        <Button variant="outline" onClick={onCancel} disabled={busy || !online}>
          {t('app.money.wizard.cancelPayment')}
        </Button>
        <Button type="submit" loading={busy} disabled={!online}>
          {t('app.money.wizard.confirm')}
        </Button>
      </div>
    </form>
  );
}

/** Step 3: the code was right and the bank is working; the socket's depositUpdated moves on. */
export function BankStep({ deposit, busy, onCancel }: { deposit: DepositRecord; busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })} data-testid="bank-working">
      <PaymentSummary deposit={deposit} />
      <div role="status" aria-live="polite">
        <ProgressBar label={t('app.money.wizard.bankWorking')} value={null} valueText="" />
      </div>
      <p className={summaryStyle}>{t('app.money.wizard.bankExplain')}</p>
      <div className={actionsStyle}>
        <Button variant="outline" onClick={onCancel} loading={busy} disabled={!online}>
          {t('app.money.wizard.cancelPayment')}
        </Button>
      </div>
    </div>
  );
}

/** Step 4: the result, in words: completed, failed with its reason, cancelled. */
export function ResultStep({ deposit, onAgain, onDone }: { deposit: DepositRecord; onAgain: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const reason = deposit.failureReason ? t(`app.money.failureReasons.${deposit.failureReason}`) : null;
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })} data-testid="deposit-result" data-status={deposit.status}>
      <PaymentSummary deposit={deposit} />
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
        <DepositStatusBadge status={deposit.status} />
      </div>
      <p role="status" className={css({ fontSize: 'md', fontWeight: 'medium' })}>
        {t(`app.money.wizard.result.${deposit.status}`, { amount: formatMoney(deposit.amount) })}
      </p>
      {reason ? (
        <p data-testid="failure-reason" className={css({ fontSize: 'sm' })}>
          {t('app.money.wizard.reason', { reason })}
        </p>
      ) : null}
      <div className={actionsStyle}>
        <Button variant="outline" onClick={onDone}>
          {t('app.money.wizard.myDeposits')}
        </Button>
        <Button onClick={onAgain}>{t('app.money.wizard.again')}</Button>
      </div>
    </div>
  );
}
