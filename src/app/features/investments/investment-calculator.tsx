import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { DIVIDEND_FREQUENCIES } from '../../../shared/constants.ts';
import { readAmount } from '../../../shared/money/amount-text.ts';
import { dividendSchedule, type DividendFrequency } from '../../../shared/wealth/dividend-schedule.ts';
import { formatMoney } from '../../i18n/format.ts';
import { ui } from '../../state/ui.ts';
import { Card, PageHeader } from '../../ui/card.tsx';
import { DatePicker } from '../../ui/date-picker.tsx';
import { Field, FieldInput } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { Select } from '../../ui/select.tsx';
import { Link } from '@tanstack/react-router';
import { buttonRecipe } from '../../ui/button.tsx';
import { readRate } from './investment-entry-dialog.tsx';
import { ScheduleTable } from './schedule-table.tsx';

const today = () => new Date().toISOString().slice(0, 10);
const nextYear = () => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * The investment calculator on its own (SPEC §2): principal, rate, frequency, start and expiry give
 * every dividend with its date, the total return and the final amount, from the one shared schedule
 * function the server books from. Nothing is sent: it works offline.
 */
export function InvestmentCalculator() {
  const { t } = useTranslation();
  const [principal, setPrincipal] = useState('10000');
  const [rate, setRate] = useState('12');
  const [frequency, setFrequency] = useState<DividendFrequency>('monthly');
  const [start, setStart] = useState(today);
  const [expiry, setExpiry] = useState(nextYear);
  const reading = readAmount(principal, ui.localLanguage);
  const rateValue = readRate(rate);
  const rateOk = typeof rateValue === 'number' && rateValue <= 300 && Math.abs(Math.round(rateValue * 100) - rateValue * 100) < 1e-6;
  const datesOk = start < expiry;
  const result = useMemo(() => {
    if (!reading.ok || !rateOk || !datesOk) return null;
    return dividendSchedule({
      principalCents: reading.cents,
      rate: rateValue,
      frequency,
      start: new Date(`${start}T00:00:00Z`),
      expiry: new Date(`${expiry}T00:00:00Z`),
    });
  }, [reading, rateOk, rateValue, frequency, start, expiry, datesOk]);
  const rows = (result?.periods ?? []).map((p) => ({ ...p, date: p.date.toISOString(), paid: false }));
  return (
    <>
      <PageHeader
        title={t('app.investments.calculator.title')}
        actions={
          <Link to="/investments" className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
            ← {t('app.nav.investments')}
          </Link>
        }
      />
      <div
        className={css({
          display: 'grid',
          gap: 'gap',
          gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 2fr)' },
          alignItems: 'start',
        })}
      >
        <Card title={t('app.investments.calculator.inputs')}>
          <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })} data-testid="calculator">
            <Field
              label={t('app.entities.investment.fields.initialAmount')}
              required
              error={principal.trim() && !reading.ok ? t(reading.refusal.key, { ...(reading.refusal.params ?? {}) }) : null}
            >
              <FieldInput
                className={controlStyle}
                name="principal"
                inputMode="decimal"
                value={principal}
                onChange={(e) => setPrincipal(e.target.value)}
              />
            </Field>
            <Field
              label={t('app.entities.investment.fields.rentability')}
              required
              error={rate.trim() && !rateOk ? t('app.investments.calculator.badRate') : null}
            >
              <FieldInput className={controlStyle} name="rate" inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />
            </Field>
            <Select
              label={t('app.entities.investment.fields.dividendFrequency')}
              options={DIVIDEND_FREQUENCIES.map((f) => ({ value: f, label: t(`app.projects.frequency.${f}`) }))}
              value={[frequency]}
              onChange={(value) => value[0] && setFrequency(value[0] as DividendFrequency)}
            />
            <DatePicker label={t('app.entities.investment.fields.startDate')} value={start} onChange={(day) => day && setStart(day)} />
            <DatePicker
              label={t('app.entities.investment.fields.expirationDate')}
              value={expiry}
              onChange={(day) => day && setExpiry(day)}
              error={datesOk ? null : t('app.investments.calculator.badDates')}
            />
          </div>
        </Card>
        <Card title={t('app.projects.dividends')}>
          {result && reading.ok ? (
            <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
              <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '1 4', fontSize: 'sm' })}>
                <dt>{t('app.projects.totalReturn')}</dt>
                <dd data-testid="calc-total" className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>
                  {formatMoney(result.totalCents / 100)}
                </dd>
                <dt>{t('app.projects.finalAmount')}</dt>
                <dd data-testid="calc-final" className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>
                  {formatMoney((reading.cents + result.totalCents) / 100)}
                </dd>
              </dl>
              <ScheduleTable rows={rows} showPaid={false} caption={t('app.investments.schedule.title')} />
            </div>
          ) : (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.investments.calculator.fill')}</p>
          )}
        </Card>
      </div>
    </>
  );
}
