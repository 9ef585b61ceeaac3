import { useMemo } from 'react';
import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select';
import { css, cx } from '../../../styled-system/css';
import { controlStyle } from './input.tsx';
import { labelStyle } from './field.tsx';
import { floatingStyle, itemStyle } from './popover-styles.ts';
import { Icon } from './icons.tsx';

export type Option = { value: string; label: string };

export type SelectProps = {
  label: string;
  options: readonly Option[];
  value: string[];
  onChange: (value: string[]) => void;
  multiple?: boolean;
  placeholder?: string;
  error?: string | null;
  /** Visually hidden label (still read by screen readers), for toolbars. */
  hideLabel?: boolean;
  name?: string;
};

export function Select({ label, options, value, onChange, multiple, placeholder, error, hideLabel, name }: SelectProps) {
  const collection = useMemo(() => createListCollection({ items: [...options] }), [options]);
  return (
    <ArkSelect.Root
      collection={collection}
      value={value}
      multiple={multiple}
      name={name}
      invalid={Boolean(error)}
      onValueChange={(details) => onChange(details.value)}
      positioning={{ sameWidth: true, strategy: 'fixed' }}
      className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}
    >
      <ArkSelect.Label className={cx(labelStyle, hideLabel && css({ srOnly: true }))}>{label}</ArkSelect.Label>
      <ArkSelect.Control>
        <ArkSelect.Trigger
          className={cx(
            controlStyle,
            css({
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: '2',
              textAlign: 'start',
              cursor: 'pointer',
            }),
          )}
        >
          <ArkSelect.ValueText
            placeholder={placeholder}
            className={css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}
          />
          <ArkSelect.Indicator>
            <Icon name="chevronDown" size={16} />
          </ArkSelect.Indicator>
        </ArkSelect.Trigger>
      </ArkSelect.Control>
      {error ? <span className={css({ fontSize: 'xs', color: 'error', fontWeight: 'medium' })}>{error}</span> : null}
      {/* Not portalled: inside a modal dialog a portal would sit outside it, hidden from assistive tech. */}
      <ArkSelect.Positioner>
        <ArkSelect.Content className={floatingStyle}>
          {collection.items.map((item) => (
            <ArkSelect.Item key={item.value} item={item} className={itemStyle}>
              <ArkSelect.ItemText>{item.label}</ArkSelect.ItemText>
              <ArkSelect.ItemIndicator>
                <Icon name="check" size={16} />
              </ArkSelect.ItemIndicator>
            </ArkSelect.Item>
          ))}
        </ArkSelect.Content>
      </ArkSelect.Positioner>
      <ArkSelect.HiddenSelect />
    </ArkSelect.Root>
  );
}
