import { css } from '../../../styled-system/css';

export type Swatch = { value: string; label: string; color: string };

/** A radio group of colour swatches: keyboard arrows move, the label is read out. */
export function SwatchPicker({
  legend,
  name,
  swatches,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  swatches: readonly Swatch[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '2' })}>{legend}</legend>
      <div className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(7.5rem, 1fr))', gap: '2' })}>
        {swatches.map((swatch) => (
          <label
            key={swatch.value}
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '2',
              px: '2',
              py: '1.5',
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'md',
              cursor: 'pointer',
              fontSize: 'sm',
              '&:has(input:checked)': { borderColor: 'primary', bg: 'primary.subtle', fontWeight: 'semibold' },
              '&:has(input:focus-visible)': { outline: '2px solid var(--bd-primary)', outlineOffset: '2px' },
            })}
          >
            <input
              type="radio"
              name={name}
              value={swatch.value}
              checked={value === swatch.value}
              onChange={() => onChange(swatch.value)}
              className={css({ srOnly: true })}
            />
            <span
              aria-hidden
              className={css({ w: '4', h: '4', borderRadius: 'full', flexShrink: 0, borderWidth: '1px', borderColor: 'border' })}
              style={{ background: swatch.color }}
            />
            {swatch.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
