import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import type { Machine } from '../../../shared/lifecycle/define-machine.ts';
import { waitsForSecondPerson } from '../../../shared/lifecycle/four-eyes.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { Badge } from '../../ui/badge.tsx';
import { MoneyStatusBadge } from './status-badges.tsx';

/**
 * A money row's status; while four eyes holds it (DESIGN.md §6), "Needs a second person" in place of
 * "Pending" (a row is one line high), the whole "Waiting for a second person (entered by …)" in its
 * title and for screen readers.
 */
export function MoneyStatusCell({
  entity,
  machine,
  row,
  fourEyes,
  nameOf,
}: {
  entity: 'deposit' | 'withdrawal';
  machine: Machine;
  row: EntityRecord;
  fourEyes: boolean;
  nameOf: (id: unknown) => string | undefined;
}) {
  const { t } = useTranslation();
  const status = String(row[machine.field] ?? '');
  if (!waitsForSecondPerson(machine, row, fourEyes)) return <MoneyStatusBadge entity={entity} status={status} />;
  const full = t('app.money.fourEyes.waiting', { name: nameOf(row.createdBy) ?? t('app.money.fourEyes.someone') });
  return (
    <span data-testid={`${entity}-status`} data-status={status} title={full}>
      <Badge tone="warning">
        <span aria-hidden>{t('app.money.fourEyes.short')}</span>
        <span data-testid="four-eyes-waiting" className={css({ srOnly: true })}>
          {full}
        </span>
      </Badge>
    </span>
  );
}

/** Above a money list when root switched four eyes off: one person may enter and complete money alone. */
export function FourEyesOff() {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      data-testid="four-eyes-off"
      className={css({
        fontSize: 'sm',
        bg: 'warning.subtle',
        color: 'fg',
        borderWidth: '1px',
        borderColor: 'warning',
        borderRadius: 'md',
        px: '3',
        py: '2',
      })}
    >
      {t('app.money.fourEyes.off')}
    </p>
  );
}
