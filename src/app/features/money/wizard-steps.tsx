import { useEffect, useState, type FormEvent } from 'react';
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

/** Milliseconds until `at`, once a second; never below 0. */
function useTimeLeft(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, at - now);
}

const minutesSeconds = (ms: number) => {
  const seconds = Math.ceil(ms / 1_000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** The time left to answer the challenge; when it is over, that the server is cancelling the payment. */
function TimeLeft({ expiresAt }: { expiresAt: number }) {
  const { t } = useTranslation();
  const left = useTimeLeft(expiresAt);
  const minutes = Math.ceil(left / 60_000);
  return (
    <p
      data-testid="time-left"
      data-ms={left}
      className={css({ fontSize: 'sm', fontWeight: 'medium', color: left < 120_000 ? 'error' : 'fg', fontVariantNumeric: 'tabular-nums' })}
    >
      {left > 0 ? (
        <>
          {/* The clock for the eye; screen readers get whole minutes, not a change every second. */}
          <span aria-hidden>{t('app.money.wizard.timeLeft', { time: minutesSeconds(left) })}</span>
          <span className={css({ srOnly: true })}>{t('app.money.wizard.minutesLeft', { count: minutes })}</span>
        </>
      ) : (
        <span role="status">{t('app.money.wizard.timeUp')}</span>
      )}
    </p>
  );
}

/** Step 2: the bank's 3-D Secure code, with the time left; a wrong code keeps the lead here with the tries left. */
export function SecureCodeStep({
  deposit,
  expiresAt,
  error,
  busy,
  onConfirm,
  onCancel,
}: {
  deposit: DepositRecord;
  /** When the server cancels the unanswered challenge (the deposit's creation + 15 minutes). */
  expiresAt: number;
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
      <TimeLeft expiresAt={expiresAt} />
      {/* A wrong code's message carries the tries left: one message, in the field. */}
      <Field label={t('app.fields.secureCode')} error={shown} required>
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

/**
 * Step 4: the result, in words: completed, failed with its reason, cancelled (by the lead, or by the
 * server when the 15 minutes ran out), and that nothing was taken when it did not go through.
 */
export function ResultStep({
  deposit,
  expired,
  billingKept,
  onAgain,
  onDone,
}: {
  deposit: DepositRecord;
  expired: boolean;
  billingKept: boolean;
  onAgain: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const reason = deposit.failureReason ? t(`app.money.failureReasons.${deposit.failureReason}`) : null;
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })} data-testid="deposit-result" data-status={deposit.status}>
      <PaymentSummary deposit={deposit} />
      <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
        <DepositStatusBadge status={deposit.status} />
      </div>
      <p role="status" className={css({ fontSize: 'md', fontWeight: 'medium' })}>
        {expired && deposit.status === 'cancelled'
          ? t('app.money.wizard.result.expired', { amount: formatMoney(deposit.amount) })
          : t(`app.money.wizard.result.${deposit.status}`, { amount: formatMoney(deposit.amount) })}
      </p>
      {deposit.status === 'failed' || deposit.status === 'cancelled' ? (
        <p data-testid="nothing-taken" className={css({ fontSize: 'sm' })}>
          {t('app.money.wizard.nothingTaken')} {billingKept ? t('app.money.wizard.billingKept') : null}
        </p>
      ) : null}
      {reason ? (
        <p data-testid="failure-reason" className={css({ fontSize: 'sm' })}>
          {t('app.money.wizard.reason', { reason })}
        </p>
      ) : null}
      <div className={actionsStyle}>
        <Button variant="outline" onClick={onDone}>
          {t('app.money.wizard.myDeposits')}
        </Button>
        <Button onClick={onAgain}>{t(deposit.status === 'completed' ? 'app.money.wizard.again' : 'app.money.wizard.startAgain')}</Button>
      </div>
    </div>
  );
}
