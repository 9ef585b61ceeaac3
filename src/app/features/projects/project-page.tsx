import { useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from '@tanstack/react-router';
import { css } from '../../../../styled-system/css';
import { mayOn } from '../../../shared/access.ts';
import { isStaff } from '../../../shared/roles.ts';
import { subscriptionBounds, subscriptionQuote, type SubscriptionAdjust } from '../../../shared/wealth/subscription.ts';
import { asApiError } from '../../api/api-error.ts';
import { useOnline } from '../../api/online-only.ts';
import { useRecord } from '../../data/use-records.ts';
import { readTyped } from '../../forms/amount-input.tsx';
import { useFormKey } from '../../forms/form-key.ts';
import { formatDate, formatMoney, formatNumber } from '../../i18n/format.ts';
import { auth } from '../../state/auth.ts';
import { showToast, ui } from '../../state/ui.ts';
import { Button, buttonRecipe } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/card.tsx';
import { Field, FieldInput } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { ProjectFormDialog, type ProjectRecord } from './project-form-dialog.tsx';
import { downloadSubscription, subscribeToProject } from './projects-api.ts';
import { SignatureField } from './signature-field.tsx';
import { useLeaveGuard } from '../../forms/leave-guard.tsx';

/** The money feature's lead picker, handed in by the route (a feature never reaches into another's files). */
export type LeadPickerProps = {
  label: string;
  name?: string;
  value: string | undefined;
  onChange: (leadId: string | undefined) => void;
  error?: string | null;
};

/** Euros as a person types them in this language: no grouping, the language's decimal mark. */
const typedEuros = (cents: number) => {
  const mark = formatNumber(1.5).includes(',') ? ',' : '.';
  const whole = Math.floor(cents / 100);
  return cents % 100 ? `${whole}${mark}${String(cents % 100).padStart(2, '0')}` : String(whole);
};

const figure = css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', textAlign: 'end' });
const cell = css({ px: '2', py: '1.5', borderBottomWidth: '1px', borderColor: 'border', textAlign: 'start' });

/**
 * One project (DESIGN.md §13): its description in the reader's language and figures, the calculator
 * (what to adjust first, then within the coefficient's bounds: the rate, every dividend with its date,
 * the total return and the final amount, as the server will book them) and Subscribe with a drawn
 * signature, online-only; then the signed PDF. Admins edit it.
 */
export function ProjectPage({
  projectId,
  LeadPicker,
  Subscriptions,
}: {
  projectId: string;
  LeadPicker?: ComponentType<LeadPickerProps>;
  /** Staff: the investments made by subscribing to this project (the investments list, filtered; handed in by the route). */
  Subscriptions?: ComponentType<{ projectId: string }>;
}) {
  const { t } = useTranslation();
  const { record, error, reload } = useRecord('project', projectId);
  const roles = useSnapshot(auth).user?.roles ?? [];
  const [editing, setEditing] = useState(false);
  const project = record as unknown as ProjectRecord | null;
  if (error) return <p role="alert">{error.status === 404 ? t('app.projects.notFound') : error.message}</p>;
  if (!project) return null;
  return (
    <>
      <PageHeader
        title={<span className={css({ overflowWrap: 'anywhere' })}>{project.name}</span>}
        actions={
          <>
            <Link to="/projects" className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
              ← {t('app.projects.back')}
            </Link>
            {mayOn(roles, 'project', 'update') ? (
              <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                {t('app.projects.edit')}
              </Button>
            ) : null}
          </>
        }
      />
      <div
        className={css({
          display: 'grid',
          gap: 'gap',
          gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 3fr)' },
          alignItems: 'start',
        })}
      >
        <ProjectFacts project={project} />
        <Subscription key={project.version} project={project} LeadPicker={LeadPicker} />
      </div>
      {Subscriptions && isStaff(roles) ? (
        <section aria-label={t('app.projects.subscriptions')} data-testid="project-subscriptions" className={css({ mt: 'gap' })}>
          <Subscriptions projectId={project.id} />
        </section>
      ) : null}
      {editing ? (
        <ProjectFormDialog
          project={project}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

function ProjectFacts({ project }: { project: ProjectRecord }) {
  const { t } = useTranslation();
  const { localLanguage } = useSnapshot(ui);
  const lang = (['en', 'fr', 'de'] as const).find((l) => localLanguage.startsWith(l)) ?? 'en';
  return (
    <Card>
      <img src={project.image} alt="" className={css({ w: 'full', maxH: '56', objectFit: 'cover', borderRadius: 'md' })} />
      <p className={css({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' })} data-testid="project-description">
        {project.description[lang]}
      </p>
      <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '1 4', fontSize: 'sm' })}>
        <dt>{t('app.projects.rate')}</dt>
        <dd className={figure}>{t('app.projects.rentability', { rate: formatNumber(project.rentability) })}</dd>
        <dt>{t('app.projects.durationField')}</dt>
        <dd className={figure}>{t('app.projects.durationMonths', { count: project.duration })}</dd>
        <dt>{t('app.projects.minimumAmountField')}</dt>
        <dd className={figure}>{formatMoney(project.minimumAmount)}</dd>
        <dt>{t('app.projects.coefficientField')}</dt>
        <dd className={figure}>{formatNumber(project.coefficient)}</dd>
        <dt>{t('app.projects.frequencyField')}</dt>
        <dd className={figure}>{t(`app.projects.frequency.${project.dividendFrequency}`)}</dd>
      </dl>
    </Card>
  );
}

type Errors = Partial<Record<'amount' | 'duration' | 'signature' | 'userId' | 'form', string>>;

function Subscription({ project, LeadPicker }: { project: ProjectRecord; LeadPicker?: ComponentType<LeadPickerProps> }) {
  const { t } = useTranslation();
  useSnapshot(ui);
  const online = useOnline();
  const staff = isStaff(useSnapshot(auth).user?.roles ?? []);
  const key = useFormKey();
  const bounds = subscriptionBounds(project);
  const [adjust, setAdjust] = useState<SubscriptionAdjust | null>(null);
  const [amountText, setAmountText] = useState(() => typedEuros(Math.round(project.minimumAmount * 100)));
  const [duration, setDuration] = useState(project.duration);
  const [signature, setSignature] = useState<string | null>(null);
  const [leadId, setLeadId] = useState<string | undefined>();
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  // Leaving asks first once an amount or a duration was moved or a signature drawn, until subscribed (CHECKLIST 6).
  const [initialAmountText] = useState(amountText);
  const moved = (adjust === 'amount' && amountText !== initialAmountText) || (adjust === 'duration' && duration !== project.duration);
  const leaveGuard = useLeaveGuard({ when: !done && (moved || signature !== null) });

  const reading = readTyped(amountText, { maxCents: bounds.amount.maxCents });
  const amountCents = adjust === 'amount' ? (reading.ok ? reading.cents : null) : bounds.amount.minCents;
  const chosenDuration = adjust === 'duration' ? duration : project.duration;
  const amountError =
    adjust !== 'amount'
      ? null
      : !reading.ok
        ? t(reading.refusal.key, { ...(reading.refusal.params ?? {}), max: formatMoney(bounds.amount.maxCents / 100) })
        : reading.cents < bounds.amount.minCents
          ? t('validation.min', { min: formatMoney(bounds.amount.minCents / 100) })
          : null;
  const quote = useMemo(
    () =>
      adjust && amountCents !== null && !amountError ? subscriptionQuote(project, { adjust, amountCents, duration: chosenDuration }) : null,
    [project, adjust, amountCents, chosenDuration, amountError],
  );

  const clear = (field: keyof Errors) => setErrors((current) => ({ ...current, [field]: undefined, form: undefined }));

  const submit = async () => {
    if (!quote || !adjust) return;
    const found: Errors = {};
    if (!signature) found.signature = t('validation.signatureRequired');
    if (staff && !leadId) found.userId = t('validation.leadRequired');
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      const investment = await subscribeToProject(
        project.id,
        {
          adjust,
          amount: quote.principalCents / 100,
          duration: quote.duration,
          signature: signature!,
          ...(staff ? { userId: leadId } : {}),
        },
        key.current(),
      );
      setDone(String(investment.id));
      showToast(t('app.projects.subscribed'), 'success');
    } catch (cause) {
      const failure = asApiError(cause);
      const details = (failure.details ?? {}) as Record<string, string>;
      const next: Errors = {};
      for (const field of ['amount', 'duration', 'signature', 'userId'] as const) if (details[field]) next[field] = details[field];
      // A message no field owns is said once, next to the button.
      if (!Object.keys(next).length) next.form = failure.message;
      setErrors(next);
    } finally {
      // The server answered for this key (a refusal is kept for replay too): the next try is a new request.
      key.renew();
      setSending(false);
    }
  };

  if (done) {
    return (
      <Card title={t('app.projects.subscribed')}>
        <div>
          <Button onClick={() => void downloadSubscription(done)} data-testid="download-pdf">
            {t('app.projects.downloadPdf')}
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <Card title={t('app.projects.calculator')}>
      <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '2', border: 'none', p: '0' })}>
        <legend className={css({ fontWeight: 'medium', mb: '2' })}>{t('app.projects.adjustWhat')}</legend>
        <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap' })}>
          {(['amount', 'duration'] as const).map((choice) => (
            <label key={choice} className={css({ display: 'flex', gap: '2', alignItems: 'center', cursor: 'pointer' })}>
              <input type="radio" name="adjust" value={choice} checked={adjust === choice} onChange={() => setAdjust(choice)} />
              {t(choice === 'amount' ? 'app.projects.adjustAmount' : 'app.projects.adjustDuration')}
            </label>
          ))}
        </div>
      </fieldset>

      {adjust === 'amount' ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          <Field
            label={t('app.projects.amount')}
            required
            error={amountError ?? errors.amount ?? null}
            helper={t('app.projects.amountBounds', {
              min: formatMoney(bounds.amount.minCents / 100),
              max: formatMoney(bounds.amount.maxCents / 100),
            })}
          >
            <FieldInput
              className={controlStyle}
              name="amount"
              inputMode="decimal"
              value={amountText}
              onChange={(e) => {
                setAmountText(e.target.value);
                clear('amount');
              }}
            />
          </Field>
          <input
            type="range"
            aria-label={t('app.projects.amount')}
            data-testid="amount-slider"
            min={bounds.amount.minCents / 100}
            max={bounds.amount.maxCents / 100}
            step={0.01}
            value={amountCents !== null ? amountCents / 100 : bounds.amount.minCents / 100}
            onChange={(e) => {
              setAmountText(typedEuros(Math.round(Number(e.target.value) * 100)));
              clear('amount');
            }}
          />
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {t('app.projects.fixed', { value: t('app.projects.durationMonths', { count: project.duration }) })}
          </p>
        </div>
      ) : null}

      {adjust === 'duration' ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
          <Field
            label={t('app.projects.duration')}
            required
            error={errors.duration ?? null}
            helper={t('app.projects.durationBounds', { count: bounds.duration.max })}
          >
            <FieldInput
              className={controlStyle}
              name="duration"
              type="number"
              min={bounds.duration.min}
              max={bounds.duration.max}
              value={duration}
              onChange={(e) => {
                const value = Math.round(Number(e.target.value));
                if (Number.isFinite(value)) setDuration(Math.min(bounds.duration.max, Math.max(bounds.duration.min, value)));
                clear('duration');
              }}
            />
          </Field>
          <input
            type="range"
            aria-label={t('app.projects.duration')}
            data-testid="duration-slider"
            min={bounds.duration.min}
            max={bounds.duration.max}
            step={1}
            value={duration}
            onChange={(e) => {
              setDuration(Number(e.target.value));
              clear('duration');
            }}
          />
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {t('app.projects.fixed', { value: formatMoney(bounds.amount.minCents / 100) })}
          </p>
        </div>
      ) : null}

      {quote ? (
        <>
          <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '1 4', fontSize: 'sm' })} data-testid="quote">
            <dt>{t('app.projects.rate')}</dt>
            <dd className={figure}>{t('app.projects.rentability', { rate: formatNumber(quote.rate) })}</dd>
            <dt>{t('app.projects.amount')}</dt>
            <dd className={figure} data-testid="quote-amount">
              {formatMoney(quote.principalCents / 100)}
            </dd>
            <dt>{t('app.projects.durationField')}</dt>
            <dd className={figure} data-testid="quote-duration">
              {t('app.projects.durationMonths', { count: quote.duration })}
            </dd>
            <dt>{t('app.projects.totalReturn')}</dt>
            <dd className={figure} data-testid="quote-total">
              {formatMoney(quote.totalReturnCents / 100)}
            </dd>
            <dt>{t('app.projects.finalAmount')}</dt>
            <dd className={figure} data-testid="quote-final">
              {formatMoney(quote.finalAmountCents / 100)}
            </dd>
          </dl>
          <div className={css({ maxH: '72', overflowY: 'auto' })}>
            <table className={css({ w: 'full', borderCollapse: 'collapse', fontSize: 'sm' })} data-testid="quote-schedule">
              <caption className={css({ textAlign: 'start', fontWeight: 'medium', mb: '1' })}>{t('app.projects.dividends')}</caption>
              <thead>
                <tr>
                  <th scope="col" className={cell}>
                    {t('app.projects.period')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('app.projects.date')}
                  </th>
                  <th
                    scope="col"
                    className={css({ px: '2', py: '1.5', borderBottomWidth: '1px', borderColor: 'border', textAlign: 'end' })}
                  >
                    {t('app.projects.dividend')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {quote.periods.map((period) => (
                  <tr key={period.period}>
                    <td className={cell}>{period.period}</td>
                    <td className={cell}>
                      {formatDate(period.date)}
                      {period.partial ? ` (${t('app.projects.partial')})` : ''}
                    </td>
                    <td className={`${cell} ${figure}`}>{formatMoney(period.amountCents / 100)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          {staff && LeadPicker ? (
            <LeadPicker
              label={t('app.projects.lead')}
              name="userId"
              value={leadId}
              onChange={(id) => {
                setLeadId(id);
                clear('userId');
              }}
              error={errors.userId ?? null}
            />
          ) : null}
          <SignatureField
            disabled={!online || sending}
            error={errors.signature ?? null}
            onChange={(value) => {
              setSignature(value);
              clear('signature');
            }}
          />
          <OfflineNote text={t('app.projects.offline')} />
          {errors.form ? (
            <p role="alert" data-testid="subscribe-error" className={css({ color: 'error', fontWeight: 'medium', fontSize: 'sm' })}>
              {errors.form}
            </p>
          ) : null}
          <div>
            <Button onClick={() => void submit()} disabled={!online || sending} loading={sending} data-testid="subscribe">
              {t('app.projects.subscribe', { amount: formatMoney(quote.principalCents / 100) })}
            </Button>
          </div>
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('app.projects.expiry', { date: formatDate(quote.expiry) })}</p>
        </>
      ) : null}
      {leaveGuard.dialog}
    </Card>
  );
}
