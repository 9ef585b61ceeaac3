import type { ReactNode } from 'react';
import { Checkbox as ArkCheckbox } from '@ark-ui/react/checkbox';
import { css } from '../../../styled-system/css';
import { Icon } from './icons.tsx';

export type CheckboxProps = {
  checked: boolean | 'indeterminate';
  onChange: (checked: boolean) => void;
  children: ReactNode;
  /** Visually hidden label, for table row selection. */
  hideLabel?: boolean;
  disabled?: boolean;
  name?: string;
};

export function Checkbox({ checked, onChange, children, hideLabel, disabled, name }: CheckboxProps) {
  return (
    <ArkCheckbox.Root
      checked={checked}
      disabled={disabled}
      name={name}
      onCheckedChange={(details) => onChange(details.checked === true)}
      className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer', fontSize: 'sm' })}
    >
      <ArkCheckbox.Control
        className={css({
          w: '4.5',
          h: '4.5',
          display: 'grid',
          placeItems: 'center',
          borderWidth: '2px',
          borderColor: 'fg.muted',
          borderRadius: 'sm',
          bg: 'surface',
          color: 'onTone',
          fontSize: '2xs',
          _checked: { bg: 'primary', borderColor: 'primary' },
          _indeterminate: { bg: 'primary', borderColor: 'primary' },
          '[data-focus-visible] > &': { outline: '2px solid var(--bd-primary)', outlineOffset: '2px' },
        })}
      >
        <ArkCheckbox.Indicator>
          <Icon name="check" size={12} strokeWidth={3} />
        </ArkCheckbox.Indicator>
        <ArkCheckbox.Indicator indeterminate aria-hidden>
          –
        </ArkCheckbox.Indicator>
      </ArkCheckbox.Control>
      <ArkCheckbox.Label className={hideLabel ? css({ srOnly: true }) : undefined}>{children}</ArkCheckbox.Label>
      <ArkCheckbox.HiddenInput />
    </ArkCheckbox.Root>
  );
}
