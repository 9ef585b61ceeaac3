import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { cardDepositInput } from '../../../shared/money/card-deposit.ts';
import { toCents } from '../../../shared/money.ts';
import { useFetch } from '../../data/use-fetch.ts';
import { useAmountConfirmation } from '../../forms/amount-confirmation.tsx';
import { withAmount } from '../../forms/amount-input.tsx';
import { useFormKey } from '../../forms/form-key.ts';
import { useLeaveGuard } from '../../forms/leave-guard.tsx';
import { useZodForm, type FormValues } from '../../forms/use-zod-form.ts';
import { formatMoney } from '../../i18n/format.ts';
import { onDepositUpdated } from '../../realtime/socket.ts';
import { auth } from '../../state/auth.ts';
import { settings } from '../../state/settings.ts';
import { showToast, ui } from '../../state/ui.ts';
import { Card, PageHeader } from '../../ui/card.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { expiryOf, expiryTime } from './awaiting-deposits.tsx';
import { BILLING_FIELDS, recallBilling, rememberBilling } from './billing-memory.ts';
import { CardDetailsStep } from './card-details-step.tsx';
import {
  cancelDeposit,
  confirmSecureCode,
  createCardDeposit,
  gatewayInfo,
  getDeposit,
  type DepositRecord,
  type MoneyError,
} from './money-api.ts';
import { TestCardsPanel } from './test-cards-panel.tsx';
import { BankStep, ResultStep, SecureCodeStep } from './wizard-steps.tsx';

type Step = 1 | 2 | 3 | 4;
const STEPS = [1, 2, 3, 4] as const;
const EMPTY: FormValues = {
  amount: '',
  cardNumber: '',
  cardExpirationDate: '',
  cardCVV: '',
  fullName: '',
  street: '',
  zipCode: '',
  country: '',
  phone: '',
};
/** While a code is awaited the socket says when the deposit changes; a look now and then covers a missed event. */
const POLL_MS = 15_000;
/** Once the 15 minutes are over, the scheduler cancels within its pass (30 s): look more often. */
const POLL_AFTER_EXPIRY_MS = 3_000;

/** The card deposit's bounds from the settings: refused as typed rather than after the bank call. */
const cardRules = () => {
  const max = settings.record?.cardDepositMax;
  return typeof max === 'number' ? { maxCents: toCents(max) } : {};
};

/** Step 1's values as the shared schema reads them: the amount read strictly in the reader's language. */
const schema = withAmount((values) => cardDepositInput.safeParse(values), { rules: cardRules });

const stepOf = (deposit: DepositRecord): Step => (deposit.status !== 'awaiting_3d_secure' ? 4 : deposit.bankRetryAt ? 3 : 2);

/**
 * The lead's card deposit with 3-D Secure (SPEC.md §4): details → secure code → the bank working →
 * the result. Online-only (DESIGN.md §7): every call goes straight to the server; the card details stay
 * in this component's memory and are dropped at the result, the billing details are kept for a new
 * start. A deposit awaiting its code is in the address (`?resume=`), so a reload, the deposits list and
 * the home page come back to it until the server cancels it after 15 minutes, which the step counts down.
 */
export function DepositWizard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { resume } = useSearch({ strict: false }) as { resume?: string };
  const me = useSnapshot(auth).user;
  const [step, setStep] = useState<Step>(resume ? 2 : 1);
  const [deposit, setDeposit] = useState<DepositRecord | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The server cancelled it (time ran out), rather than the lead. */
  const [expired, setExpired] = useState(false);
  const leaving = useRef(false);
  /** A code or a cancel sent and not answered yet. */
  const acting = useRef(false);
  const gateway = useFetch((signal) => gatewayInfo(signal), []);
  const key = useFormKey();
  const { confirm: confirmAmount, dialog: amountDialog } = useAmountConfirmation();

  const kept = (amount = ''): FormValues => ({ ...EMPTY, ...(me ? recallBilling(me.id) : {}), amount });
  const form = useZodForm({
    schema,
    initial: kept(),
    onSubmit: async (body) => {
      const input = body as Parameters<typeof createCardDeposit>[0];
      const amount = formatMoney(input.amount);
      if (
        !(await confirmAmount(
          toCents(input.amount),
          t('app.money.wizard.confirmTo', { amount }),
          t('app.money.wizard.payAmount', { amount }),
        ))
      )
        return;
      if (me) rememberBilling(me.id, form.values);
      try {
        show(await createCardDeposit(input, key.current()));
      } finally {
        key.renew();
      }
    },
  });

  /** Moves to the deposit's step; at the result the card details leave memory, the billing details stay. */
  function show(next: DepositRecord) {
    setDeposit(next);
    const nextStep = stepOf(next);
    setStep(nextStep);
    if (nextStep === 4) form.reset(kept(next.status === 'completed' ? '' : String(form.values.amount ?? '')));
    // The address names a deposit under way, so a reload comes back to it; a result has nothing to resume.
    const search = nextStep === 4 ? {} : { resume: next.id };
    void navigate({ to: '/deposits/new', search, replace: true });
  }

  // A deposit named in the address: resumed at its step (reload, the deposits list, the home page).
  useEffect(() => {
    if (!resume || deposit?.id === resume) return;
    getDeposit(resume)
      .then(show)
      .catch((cause: MoneyError) => {
        showToast(cause.message, 'error');
        setStep(1);
        void navigate({ to: '/deposits/new', search: {}, replace: true });
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per deposit named
  }, [resume]);

  // Steps 2 and 3: the deposit's changes arrive in the deposit room (the bank's answer, the 15 minutes
  // running out); a look now and then covers an event missed while the socket reconnected.
  useEffect(() => {
    if ((step !== 2 && step !== 3) || !deposit) return;
    const id = deposit.id;
    let live = true;
    const look = () =>
      void getDeposit(id)
        .then((next) => {
          // The lead's own code or cancel is under way: its answer says what happened.
          if (!live || acting.current || next.status === 'awaiting_3d_secure') return;
          if (step === 2 && next.status === 'cancelled') setExpired(true);
          show(next);
        })
        .catch(() => undefined);
    const stop = onDepositUpdated((payload) => {
      const next = (payload && typeof payload === 'object' && 'deposit' in payload ? payload.deposit : payload) as { id?: unknown } | null;
      if (next?.id === id) look();
    });
    const timers = [setInterval(look, POLL_MS)];
    const due = setTimeout(() => step === 2 && timers.push(setInterval(look, POLL_AFTER_EXPIRY_MS)), expiryOf(deposit) - Date.now());
    look();
    return () => {
      live = false;
      stop();
      clearTimeout(due);
      timers.forEach(clearInterval);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one watch per deposit and step
  }, [step, deposit?.id]);

  async function confirm(code: string) {
    if (!deposit) return;
    setBusy(true);
    acting.current = true;
    setCodeError(null);
    try {
      show(await confirmSecureCode(deposit.id, code));
    } catch (cause) {
      const error = cause as MoneyError;
      setCodeError(error.message);
      // The last wrong code failed the deposit, or the time ran out meanwhile: show it as the server has it.
      if (error.code === 'SECURE_CODE_INVALID' && Number(error.raw?.triesLeft ?? 0) <= 0) show(await getDeposit(deposit.id));
      else if (error.code === 'INVALID_TRANSITION') {
        const next = await getDeposit(deposit.id);
        if (next.status === 'cancelled') setExpired(true);
        show(next);
      }
    } finally {
      acting.current = false;
      setBusy(false);
    }
  }

  async function cancel() {
    if (!deposit || step === 1) {
      leaving.current = true;
      return void navigate({ to: '/deposits' });
    }
    setBusy(true);
    acting.current = true;
    try {
      show(await cancelDeposit(deposit.id));
    } catch (cause) {
      showToast((cause as MoneyError).message, 'error');
    } finally {
      acting.current = false;
      setBusy(false);
    }
  }

  /** A new start: the billing details (and the amount of a payment that did not go through) stay. */
  function again() {
    setDeposit(null);
    setCodeError(null);
    setExpired(false);
    form.reset(kept(String(form.values.amount ?? '')));
    setStep(1);
  }

  // Leaving half-way asks first: typed card details are lost; a code awaited can be resumed from the list.
  const typed = ['amount', 'cardNumber', 'cardExpirationDate', 'cardCVV'].some((field) => String(form.values[field] ?? ''));
  const halfWay = (step === 1 && typed) || step === 2 || step === 3;
  const leaveGuard = useLeaveGuard({
    when: halfWay,
    leaving,
    title: t('app.money.wizard.leave.title'),
    description:
      step === 1 || !deposit
        ? t('app.money.wizard.leave.details')
        : t('app.money.wizard.leave.awaiting', { time: expiryTime(deposit, ui.localLanguage) }),
    confirmLabel: t('app.money.wizard.leave.confirm'),
  });

  const stepTitle = (s: Step) => t(`app.money.wizard.steps.${s}`);
  return (
    <div className={css({ maxW: '40rem', mx: 'auto', display: 'flex', flexDir: 'column', gap: 'gap' })}>
      <PageHeader title={t('app.money.wizard.title')} />
      <ol
        aria-label={t('app.money.wizard.progress')}
        className={css({ display: 'flex', gap: '2', listStyle: 'none', p: '0', m: '0', flexWrap: 'wrap' })}
      >
        {STEPS.map((s) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={css({
              fontSize: 'xs',
              fontWeight: 'medium',
              px: '2',
              py: '1',
              borderRadius: 'full',
              borderWidth: '1px',
              borderColor: s === step ? 'primary' : 'border',
              bg: s === step ? 'primary.subtle' : 'transparent',
              color: s <= step ? 'fg' : 'fg.muted',
            })}
          >
            {s}. {stepTitle(s)}
          </li>
        ))}
      </ol>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="online-only-note">
        {t('app.money.wizard.onlineOnly')}
      </p>
      <OfflineNote text={t('app.money.wizard.offline')} />
      <Card title={stepTitle(step)}>
        {step === 1 ? <CardDetailsStep form={form} rules={cardRules()} onCancel={() => void cancel()} /> : null}
        {step === 2 && deposit ? (
          <SecureCodeStep
            deposit={deposit}
            expiresAt={expiryOf(deposit)}
            error={codeError}
            busy={busy}
            onConfirm={(code) => void confirm(code)}
            onCancel={() => void cancel()}
          />
        ) : null}
        {step === 3 && deposit ? <BankStep deposit={deposit} busy={busy} onCancel={() => void cancel()} /> : null}
        {step === 4 && deposit ? (
          <ResultStep
            deposit={deposit}
            expired={expired}
            onAgain={again}
            onDone={() => void navigate({ to: '/deposits' })}
            billingKept={BILLING_FIELDS.some((field) => String(form.values[field] ?? ''))}
          />
        ) : null}
        {(step === 2 || step === 3) && !deposit ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.common.loading')}</p>
        ) : null}
      </Card>
      {step === 1 && gateway.data?.sandbox ? <TestCardsPanel /> : null}
      {amountDialog}
      {leaveGuard.dialog}
    </div>
  );
}
