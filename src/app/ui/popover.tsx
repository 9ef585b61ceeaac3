import type { ReactNode } from 'react';
import { Popover as ArkPopover } from '@ark-ui/react/popover';
import { Portal } from '@ark-ui/react/portal';
import { css, cx } from '../../../styled-system/css';
import { floatingStyle } from './popover-styles.ts';

export function Popover({ trigger, title, children }: { trigger: ReactNode; title: string; children: ReactNode }) {
  return (
    <ArkPopover.Root>
      <ArkPopover.Trigger asChild>{trigger}</ArkPopover.Trigger>
      <Portal>
        <ArkPopover.Positioner>
          <ArkPopover.Content className={cx(floatingStyle, css({ p: '3', display: 'flex', flexDir: 'column', gap: '2' }))}>
            <ArkPopover.Title className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>{title}</ArkPopover.Title>
            {children}
          </ArkPopover.Content>
        </ArkPopover.Positioner>
      </Portal>
    </ArkPopover.Root>
  );
}
