import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOnline } from '../../api/online-only.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { entityStore } from '../../data/stores.ts';
import { runOp } from '../../state/ops.ts';
import { showToast } from '../../state/ui.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Select } from '../../ui/select.tsx';
import { bulkAssign } from '../../api/lead-api.ts';
import { useAssignable } from '../../data/use-lookup.ts';

const NONE = '-';

/**
 * Assigns the selected leads to a regular or admin user (SPEC.md §6, admins). Online, one call
 * (one notification for the assignee); offline, one queued edit per lead, sent when the network returns.
 */
export function BulkAssignDialog({ leads, onClose, onDone }: { leads: EntityRecord[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const staff = useAssignable();
  const [userId, setUserId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!userId) return setError(t('app.people.chooseAssignee'));
    setBusy(true);
    try {
      const to = userId === NONE ? null : userId;
      await runOp(
        'user.bulkAssign',
        async () => {
          if (isOnline())
            await bulkAssign(
              leads.map((l) => l.id),
              to,
            );
          else for (const lead of leads) await entityStore('user').update(lead.id, { assignedTo: to }, lead.version);
        },
        { toast: (e) => t('app.people.bulkAssignFailed', { error: e.message }) },
      );
      showToast(t('app.people.assigned', { count: leads.length, name: to ? staff.nameOf(to) : t('app.people.unassigned') }), 'success');
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
      title={t('app.people.bulkAssignTitle', { count: leads.length })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('app.common.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void submit()}>
            {t('app.people.assign')}
          </Button>
        </>
      }
    >
      <Select
        label={t('app.people.assignTo')}
        options={[...staff.options, { value: NONE, label: t('app.people.unassigned') }]}
        value={userId ? [userId] : []}
        placeholder={t('app.people.chooseAssignee')}
        onChange={(next) => {
          setUserId(next[0] ?? null);
          setError(null);
        }}
        error={error}
      />
    </Dialog>
  );
}
