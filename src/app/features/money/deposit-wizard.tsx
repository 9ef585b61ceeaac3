import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { cardDepositInput } from '../../../shared/money/card-deposit.ts';
import { useFetch } from '../../data/use-fetch.ts';
import { useZodForm, type FormValues } from '../../forms/use-zod-form.ts';
import { onDepositUpdated } from '../../realtime/socket.ts';
import { showToast } from '../../state/ui.ts';
import { Card, PageHeader } from '../../ui/card.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { CardDetailsStep } from './card-details-step.tsx';
import { withTypedAmount } from './card-input.ts';
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

/** Step 1's values as the shared schema reads them: the amount typed in the local way becomes euros. */
const schema = withTypedAmount((values) => cardDepositInput.safeParse(values));

const stepOf = (deposit: DepositRecord): Step => (deposit.status === 'awaiting_3d_secure' ? 2 : 4);

/**
 * The lead's card deposit with 3-D Secure (SPEC.md §4): details → secure code → the bank working →
 * the result. Online-only (DESIGN.md §7): every call goes straight to the server; the amount and
 * card details stay in this component's memory and are dropped at the result.
 */
export function DepositWizard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(1);
  const [deposit, setDeposit] = useState<DepositRecord | null>(null);
  const [triesLeft, setTriesLeft] = useState<number | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const gateway = useFetch((signal) => gatewayInfo(signal), []);

  const form = useZodForm({
    schema,
    initial: EMPTY,
    onSubmit: async (body) => {
      const created = await createCardDeposit(body);
      show(created);
    },
  });

  /** Moves to the deposit's step; at the result the card details leave memory. */
  function show(next: DepositRecord) {
    setDeposit(next);
    const nextStep = next.status === 'awaiting_3d_secure' && step >= 2 ? 3 : stepOf(next);
    setStep(nextStep);
    if (nextStep === 4) form.reset(EMPTY);
  }

  // Step 3: the bank's answer arrives in the deposit room; it may also have come before we listened.
  useEffect(() => {
    if (step !== 3 || !deposit) return;
    const id = deposit.id;
    const settle = (next: DepositRecord) => {
      if (next.id === id && next.status !== 'awaiting_3d_secure') {
        setDeposit(next);
        setStep(4);
        form.reset(EMPTY);
      }
    };
    const stop = onDepositUpdated((payload) => {
      const next = (payload && typeof payload === 'object' && 'deposit' in payload ? payload.deposit : payload) as DepositRecord;
      if (next && typeof next === 'object') settle(next);
    });
    void getDeposit(id)
      .then(settle)
      .catch(() => undefined);
    return stop;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one subscription per deposit awaiting the bank
  }, [step, deposit?.id]);

  async function confirm(code: string) {
    if (!deposit) return;
    setBusy(true);
    setCodeError(null);
    try {
      const next = await confirmSecureCode(deposit.id, code);
      setDeposit(next);
      setStep(next.status === 'awaiting_3d_secure' ? 3 : 4);
      if (next.status !== 'awaiting_3d_secure') form.reset(EMPTY);
    } catch (cause) {
      const error = cause as MoneyError;
      if (error.code === 'SECURE_CODE_INVALID') {
        const left = Number(error.raw?.triesLeft ?? 0);
        setTriesLeft(left);
        setCodeError(error.message);
        // The last wrong code failed the deposit: show it as the server has it.
        if (left <= 0) show(await getDeposit(deposit.id));
      } else {
        setCodeError(error.message);
      }
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    if (!deposit || step === 1) return void navigate({ to: '/deposits' });
    setBusy(true);
    try {
      const next = await cancelDeposit(deposit.id);
      setDeposit(next);
      setStep(4);
      form.reset(EMPTY);
    } catch (cause) {
      showToast((cause as MoneyError).message, 'error');
    } finally {
      setBusy(false);
    }
  }

  function again() {
    setDeposit(null);
    setTriesLeft(null);
    setCodeError(null);
    form.reset(EMPTY);
    setStep(1);
  }

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
        {step === 1 ? <CardDetailsStep form={form} onCancel={() => void cancel()} /> : null}
        {step === 2 && deposit ? (
          <SecureCodeStep
            deposit={deposit}
            triesLeft={triesLeft}
            error={codeError}
            busy={busy}
            onConfirm={(code) => void confirm(code)}
            onCancel={() => void cancel()}
          />
        ) : null}
        {step === 3 && deposit ? <BankStep deposit={deposit} busy={busy} onCancel={() => void cancel()} /> : null}
        {step === 4 && deposit ? <ResultStep deposit={deposit} onAgain={again} onDone={() => void navigate({ to: '/deposits' })} /> : null}
      </Card>
      {step === 1 && gateway.data?.sandbox ? <TestCardsPanel /> : null}
    </div>
  );
}
