import type { ReactNode } from 'react';
import { Tabs as ArkTabs } from '@ark-ui/react/tabs';
import { css } from '../../../styled-system/css';

export type TabItem = { value: string; label: ReactNode; content: ReactNode };

export function Tabs({
  items,
  value,
  onChange,
  label,
}: {
  items: readonly TabItem[];
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  return (
    <ArkTabs.Root value={value} onValueChange={(d) => onChange(d.value)} lazyMount>
      <ArkTabs.List
        aria-label={label}
        className={css({ display: 'flex', gap: '1', borderBottomWidth: '1px', borderColor: 'border', mb: 'gap', overflowX: 'auto' })}
      >
        {items.map((item) => (
          <ArkTabs.Trigger
            key={item.value}
            value={item.value}
            className={css({
              px: '3',
              py: '2',
              fontSize: 'sm',
              fontWeight: 'medium',
              color: 'fg.muted',
              cursor: 'pointer',
              borderBottomWidth: '2px',
              borderColor: 'transparent',
              mb: '-1px',
              whiteSpace: 'nowrap',
              _selected: { color: 'fg', borderColor: 'primary' },
              _hover: { color: 'fg' },
            })}
          >
            {item.label}
          </ArkTabs.Trigger>
        ))}
      </ArkTabs.List>
      {items.map((item) => (
        <ArkTabs.Content key={item.value} value={item.value}>
          {item.content}
        </ArkTabs.Content>
      ))}
    </ArkTabs.Root>
  );
}
