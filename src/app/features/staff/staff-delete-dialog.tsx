import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { useOnline } from '../../api/online-only.ts';
import { entityStore } from '../../data/stores.ts';
import { LEAD_FILTER, personName, useAssignable } from '../../data/use-lookup.ts';
import { runBulkOnline, type ListSelection } from '../../lists/bulk-selection.ts';
import { runOp } from '../../state/ops.ts';
import { showToast } from '../../state/ui.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Select } from '../../ui/select.tsx';

type Choice = 'reassign' | 'unassign';

const radioStyle = css({ display: 'flex', gap: '2', alignItems: 'start', fontSize: 'sm', cursor: 'pointer', '& input': { mt: '0.5' } });

/**
 * Deleting staff: when they hold leads, says how many and asks where they go (to another user, or
 * left unassigned) before anything is deleted; the server refuses the delete without that choice.
 * Online only: the choice is part of the delete.
 */
export function StaffDeleteDialog({ selection, onClose, onDone }: { selection: ListSelection; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const staff = useAssignable();
  const ids = selection.records.map((r) => r.id);
  const [held, setHeld] = useState<number | null>(null);
  const [choice, setChoice] = useState<Choice>('reassign');
  const [to, setTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = ids.join(',');

  useEffect(() => {
    let live = true;
    entityStore('user')
      .list({ page: 1, limit: 1, filters: [...LEAD_FILTER, { field: 'assignedTo', values: key.split(','), operator: 'in' }] })
      .then(async (result) => {
        const count = result.exactCount ? await result.exactCount : result.count;
        if (live) setHeld(count);
      })
      // Not counted here: the server still refuses a delete of someone holding leads, and says so.
      .catch(() => live && setHeld(0));
    return () => {
      live = false;
    };
  }, [key]);

  const name = selection.records.length === 1 && selection.records[0] ? personName(selection.records[0]) : null;
  const submit = async () => {
    if (held && choice === 'reassign' && !to) return setError(t('app.users.chooseNewOwner'));
    setBusy(true);
    try {
      const leadsTo = held ? (choice === 'reassign' ? to : 'none') : undefined;
      await runOp('user.delete', () => runBulkOnline('DELETE', '/v1/user/batch', { ids, ...(leadsTo ? { leadsTo } : {}) }), {
        toast: false,
      });
      showToast(t('app.list.deleted', { count: ids.length }), 'success');
      onDone();
      onClose();
    } catch (cause) {
      setError((cause as { message?: string }).message ?? t('app.common.unexpected'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      role="alertdialog"
      onOpenChange={(open) => !open && onClose()}
      title={name ? t('app.people.confirmDelete', { name }) : t('app.list.confirmDeleteTitle', { count: ids.length })}
      description={t('app.list.confirmDelete', { count: ids.length })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('app.common.cancel')}
          </Button>
          <Button variant="danger" loading={busy} disabled={!online || held === null} onClick={() => void submit()}>
            {t('app.common.delete')}
          </Button>
        </>
      }
    >
      {held ? (
        <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '3', border: 'none', p: '0', m: '0' })}>
          <legend className={css({ fontWeight: 'medium', mb: '2' })}>
            {name ? t('app.users.holdsLeads', { name, count: held }) : t('app.users.holdLeads', { count: held })}
          </legend>
          <label className={radioStyle}>
            <input type="radio" name="leads" checked={choice === 'reassign'} onChange={() => setChoice('reassign')} />
            {t('app.users.reassignLeads', { count: held })}
          </label>
          {choice === 'reassign' ? (
            <Select
              label={t('app.users.newOwner')}
              options={staff.options.filter((o) => !ids.includes(o.value))}
              value={to ? [to] : []}
              placeholder={t('app.people.chooseAssignee')}
              onChange={(next) => {
                setTo(next[0] ?? null);
                setError(null);
              }}
            />
          ) : null}
          <label className={radioStyle}>
            <input type="radio" name="leads" checked={choice === 'unassign'} onChange={() => setChoice('unassign')} />
            {t('app.users.leaveUnassigned', { count: held })}
          </label>
        </fieldset>
      ) : null}
      {!online ? <p className={css({ fontSize: 'sm', color: 'error' })}>{t('app.users.deleteNeedsConnection')}</p> : null}
      {error ? (
        <p role="alert" className={css({ fontSize: 'sm', color: 'error' })}>
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
