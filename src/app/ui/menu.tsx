import type { ReactNode } from 'react';
import { Menu as ArkMenu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { floatingStyle, itemStyle } from './popover-styles.ts';

export type MenuItem = { value: string; label: ReactNode; onSelect: () => void; disabled?: boolean };

/** A trigger (rendered as the child element) opening a list of actions. */
export function Menu({ trigger, items }: { trigger: ReactNode; items: readonly MenuItem[] }) {
  return (
    <ArkMenu.Root onSelect={(details) => items.find((item) => item.value === details.value)?.onSelect()}>
      <ArkMenu.Trigger asChild>{trigger}</ArkMenu.Trigger>
      <MenuPopup items={items} />
    </ArkMenu.Root>
  );
}

/**
 * One menu opened at a point (e.g. beside a row's button): long lists share it instead of
 * mounting a menu per row. Focus goes back to `returnFocus` when it closes.
 */
export function AnchoredMenu({
  anchor,
  items,
  onClose,
  label,
}: {
  anchor: { rect: DOMRect; returnFocus: HTMLElement };
  items: readonly MenuItem[];
  onClose: () => void;
  label: string;
}) {
  return (
    <ArkMenu.Root
      open
      onOpenChange={(details) => {
        if (details.open) return;
        onClose();
        anchor.returnFocus.focus();
      }}
      positioning={{ placement: 'bottom-end', getAnchorRect: () => anchor.rect }}
      onSelect={(details) => items.find((item) => item.value === details.value)?.onSelect()}
    >
      <MenuPopup items={items} label={label} />
    </ArkMenu.Root>
  );
}

/** The floating list both menus show. */
function MenuPopup({ items, label }: { items: readonly MenuItem[]; label?: string }) {
  return (
    <Portal>
      <ArkMenu.Positioner>
        <ArkMenu.Content className={floatingStyle} aria-label={label}>
          {items.map((item) => (
            <ArkMenu.Item key={item.value} value={item.value} disabled={item.disabled} className={itemStyle}>
              {item.label}
            </ArkMenu.Item>
          ))}
        </ArkMenu.Content>
      </ArkMenu.Positioner>
    </Portal>
  );
}
