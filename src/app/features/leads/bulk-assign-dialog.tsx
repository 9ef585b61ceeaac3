import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import type { bulkAssignContract } from '../../../shared/contracts/leads.ts';
import type { AnswerOf } from '../../../shared/contracts/common.ts';
import { isOnline, useOnline } from '../../api/online-only.ts';
import { entityStore } from '../../data/stores.ts';
import { runBulkOnline, selectionBody, type ListSelection } from '../../lists/bulk-selection.ts';
import { runOp } from '../../state/ops.ts';
import { showToast } from '../../state/ui.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Select } from '../../ui/select.tsx';
import { useAssignable } from '../../data/use-lookup.ts';

const NONE = '-';

/** How many of `count` leads each of `users` assignees gets when they are dealt in turn (the server's rule). */
export const roundRobinShares = (count: number, users: number) =>
  Array.from({ length: users }, (_, i) => Math.floor(count / users) + (i < count % users ? 1 : 0));

/**
 * Assigns the selected leads (ticked, or all matching the list) to one user, to nobody, or in turn
 * to several (SPEC.md §6, admins). All matching needs the server; ticked rows offline become one
 * queued edit per lead, dealt in the server's order (by id), sent when the network returns.
 */
export function BulkAssignDialog({ selection, onClose, onDone }: { selection: ListSelection; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const staff = useAssignable();
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const unassign = chosen[0] === NONE;
  const needsServer = Boolean(selection.matching);
  const shares = unassign ? [] : roundRobinShares(selection.count, chosen.length);

  const submit = async () => {
    if (!chosen.length) return setError(t('app.people.chooseAssignee'));
    setBusy(true);
    try {
      const target = unassign ? { userId: null } : chosen.length === 1 ? { userId: chosen[0] } : { userIds: chosen };
      await runOp(
        'user.bulkAssign',
        async () => {
          if (needsServer || isOnline())
            return runBulkOnline<AnswerOf<typeof bulkAssignContract>>('PATCH', '/v1/user/bulk-assign', {
              ...selectionBody(selection, 'leadIds'),
              ...target,
            });
          const assignees = unassign ? [null] : chosen;
          const leads = [...selection.records].sort((a, b) => (a.id < b.id ? -1 : 1));
          for (const [index, lead] of leads.entries())
            await entityStore('user').update(lead.id, { assignedTo: assignees[index % assignees.length] }, lead.version);
        },
        { toast: (e) => t('app.people.bulkAssignFailed', { error: e.message }) },
      );
      const name = unassign ? t('app.people.unassigned') : chosen.length === 1 ? staff.nameOf(chosen[0]) : null;
      showToast(
        name
          ? t('app.people.assigned', { count: selection.count, name })
          : t('app.people.assignedInTurn', { count: selection.count, users: chosen.length }),
        'success',
      );
      onDone();
      onClose();
    } catch (cause) {
      setError((cause as { message?: string }).message ?? null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('app.people.bulkAssignTitle', { count: selection.count })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('app.common.cancel')}
          </Button>
          <Button loading={busy} disabled={needsServer && !online} onClick={() => void submit()}>
            {t('app.people.assign')}
          </Button>
        </>
      }
    >
      <Select
        label={t('app.people.assignTo')}
        multiple
        options={[...staff.options, { value: NONE, label: t('app.people.unassigned') }]}
        value={chosen}
        placeholder={t('app.people.chooseAssignees')}
        onChange={(next) => {
          // "Unassigned" stands alone: choosing it drops the users, choosing a user drops it.
          const added = next.find((value) => !chosen.includes(value));
          setChosen(added === NONE ? [NONE] : next.filter((value) => value !== NONE));
          setError(null);
        }}
        error={error}
      />
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.people.roundRobinHint')}</p>
      {shares.length > 1 ? (
        <ul
          aria-label={t('app.people.roundRobinSplit')}
          className={css({ fontSize: 'sm', display: 'flex', flexDir: 'column', gap: '0.5' })}
        >
          {chosen.map((id, index) => (
            <li key={id}>{t('app.people.shareOf', { name: staff.nameOf(id), count: shares[index] })}</li>
          ))}
        </ul>
      ) : null}
      {needsServer && !online ? (
        <p role="status" className={css({ fontSize: 'sm', color: 'error' })}>
          {t('app.list.allMatchingNeedsConnection')}
        </p>
      ) : null}
    </Dialog>
  );
}
