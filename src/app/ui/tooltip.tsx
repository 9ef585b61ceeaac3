import type { ReactNode } from 'react';
import { Portal } from '@ark-ui/react/portal';
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip';
import { css } from '../../../styled-system/css';

export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  return (
    <ArkTooltip.Root openDelay={300} closeDelay={100}>
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner>
          <ArkTooltip.Content
            className={css({ bg: 'fg', color: 'canvas', px: '2', py: '1', borderRadius: 'sm', fontSize: 'xs', zIndex: 60, maxW: '64' })}
          >
            {content}
          </ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  );
}
