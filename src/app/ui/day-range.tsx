import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../styled-system/css';
import { RECENT_DAYS, addDays, todayIn } from '../../shared/calendar.ts';
import { Button } from './button.tsx';
import { DatePicker } from './date-picker.tsx';

/** Today on this device's calendar: the server counts days in the same zone (the x-timezone header). */
const today = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date());
/** The `days` days up to today, today included (calendar days, so a change of clock never shifts them). */
const lastDays = (days: number) => ({ from: addDays(today(), 1 - days), to: today() });

export type DayRange = { from: string; to: string };

/** A range of calendar days (`YYYY-MM-DD`, inclusive), by default the last `RECENT_DAYS`; `valid` once from ≤ to. */
export function useDayRange(days = RECENT_DAYS) {
  const [range, setRange] = useState(() => lastDays(days));
  return { range, setRange, valid: range.from <= range.to };
}

/** From and To pickers, a button per preset (the last N days), and the message when the range is upside down. */
export function DayRangeControls({
  range,
  setRange,
  valid,
  presets = [7, 30, 90, 365],
}: ReturnType<typeof useDayRange> & { presets?: readonly (7 | 30 | 90 | 365)[] }) {
  const { t } = useTranslation();
  return (
    <>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'end' })}>
        <div className={css({ w: { base: 'full', sm: '44' } })}>
          <DatePicker label={t('app.dayRange.from')} value={range.from} onChange={(from) => from && setRange((r) => ({ ...r, from }))} />
        </div>
        <div className={css({ w: { base: 'full', sm: '44' } })}>
          <DatePicker label={t('app.dayRange.to')} value={range.to} onChange={(to) => to && setRange((r) => ({ ...r, to }))} />
        </div>
        <div role="group" aria-label={t('app.dayRange.label')} className={css({ display: 'flex', gap: '1', flexWrap: 'wrap' })}>
          {presets.map((days) => (
            <Button key={days} variant="outline" size="sm" onClick={() => setRange(lastDays(days))}>
              {t(`app.dayRange.last${days}`)}
            </Button>
          ))}
        </div>
      </div>
      {!valid ? (
        <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
          {t('app.dayRange.badRange')}
        </p>
      ) : null}
    </>
  );
}
