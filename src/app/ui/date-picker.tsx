import { DatePicker as ArkDatePicker, parseDate } from '@ark-ui/react/date-picker';
import { useSnapshot } from 'valtio';
import { css, cx } from '../../../styled-system/css';
import { ui } from '../state/ui.ts';
import { controlStyle } from './input.tsx';
import { labelStyle } from './field.tsx';
import { buttonRecipe } from './button.tsx';
import { floatingStyle } from './popover-styles.ts';
import { Icon } from './icons.tsx';

export type DatePickerProps = {
  label: string;
  /** ISO date (yyyy-mm-dd) or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | null;
};

const cellStyle = css({
  w: '8',
  h: '8',
  display: 'grid',
  placeItems: 'center',
  borderRadius: 'sm',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'subtle' },
  _selected: { bg: 'primary', color: 'onTone' },
  '&[data-outside-range]': { color: 'fg.muted' },
  _disabled: { opacity: 0.4 },
});

/** A calendar in the local language; the value stays an ISO date string. */
export function DatePicker({ label, value, onChange, error }: DatePickerProps) {
  const { localLanguage } = useSnapshot(ui);
  return (
    <ArkDatePicker.Root
      locale={localLanguage}
      positioning={{ strategy: 'fixed' }}
      value={value ? [parseDate(value)] : []}
      onValueChange={(d) => onChange(d.value[0]?.toString() ?? null)}
      invalid={Boolean(error)}
      className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}
    >
      <ArkDatePicker.Label className={labelStyle}>{label}</ArkDatePicker.Label>
      <ArkDatePicker.Control className={css({ display: 'flex', gap: '2' })}>
        <ArkDatePicker.Input className={controlStyle} />
        <ArkDatePicker.Trigger className={buttonRecipe({ variant: 'outline', size: 'icon' })}>
          <Icon name="calendar" />
        </ArkDatePicker.Trigger>
      </ArkDatePicker.Control>
      {error ? <span className={css({ fontSize: 'xs', color: 'error', fontWeight: 'medium' })}>{error}</span> : null}
      {/* Not portalled: inside a modal dialog a portal would sit outside it, hidden from assistive tech. */}
      <ArkDatePicker.Positioner>
        <ArkDatePicker.Content className={cx(floatingStyle, css({ p: '3' }))}>
          <ArkDatePicker.View view="day">
            <ArkDatePicker.Context>
              {(api) => (
                <>
                  <ArkDatePicker.ViewControl
                    className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: '2' })}
                  >
                    <ArkDatePicker.PrevTrigger className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>‹</ArkDatePicker.PrevTrigger>
                    <ArkDatePicker.ViewTrigger className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
                      <ArkDatePicker.RangeText />
                    </ArkDatePicker.ViewTrigger>
                    <ArkDatePicker.NextTrigger className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>›</ArkDatePicker.NextTrigger>
                  </ArkDatePicker.ViewControl>
                  <ArkDatePicker.Table>
                    <ArkDatePicker.TableHead>
                      <ArkDatePicker.TableRow>
                        {api.weekDays.map((day, i) => (
                          <ArkDatePicker.TableHeader key={i} className={css({ fontSize: 'xs', color: 'fg.muted', fontWeight: 'medium' })}>
                            {day.narrow}
                          </ArkDatePicker.TableHeader>
                        ))}
                      </ArkDatePicker.TableRow>
                    </ArkDatePicker.TableHead>
                    <ArkDatePicker.TableBody>
                      {api.weeks.map((week, i) => (
                        <ArkDatePicker.TableRow key={i}>
                          {week.map((day, j) => (
                            <ArkDatePicker.TableCell key={j} value={day}>
                              <ArkDatePicker.TableCellTrigger className={cellStyle}>{day.day}</ArkDatePicker.TableCellTrigger>
                            </ArkDatePicker.TableCell>
                          ))}
                        </ArkDatePicker.TableRow>
                      ))}
                    </ArkDatePicker.TableBody>
                  </ArkDatePicker.Table>
                </>
              )}
            </ArkDatePicker.Context>
          </ArkDatePicker.View>
        </ArkDatePicker.Content>
      </ArkDatePicker.Positioner>
    </ArkDatePicker.Root>
  );
}
