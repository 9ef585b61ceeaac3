import { css } from '../../../../../styled-system/css';

/**
 * A choice of two or three (buy or sell, forex or binary): native radio buttons in a fieldset with its
 * legend, drawn as one row of buttons; the keyboard's arrows move between them.
 */
export function Segmented<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string; tone?: 'success' | 'error' }[];
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '1.5', border: 'none', p: 0, m: 0, minW: 0 })}>
      <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '1.5' })}>{legend}</legend>
      <div className={css({ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: '1fr', gap: '1' })}>
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              data-checked={checked || undefined}
              data-tone={option.tone}
              className={css({
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                minH: 'control',
                px: '2',
                borderRadius: 'md',
                borderWidth: '1px',
                borderColor: 'border',
                fontSize: 'sm',
                fontWeight: 'semibold',
                textAlign: 'center',
                cursor: 'pointer',
                bg: 'surface',
                _hover: { bg: 'subtle' },
                '&:has(input:focus-visible)': { outline: '2px solid var(--bd-primary)', outlineOffset: '2px' },
                '&[data-checked]': { bg: 'primary', color: 'onTone', borderColor: 'primary' },
                '&[data-checked][data-tone=success]': { bg: 'success', borderColor: 'success' },
                '&[data-checked][data-tone=error]': { bg: 'error', borderColor: 'error' },
              })}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className={css({ srOnly: true })}
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
