import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { commentEntity } from '../../../shared/entities/comment.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { entityStore } from '../../data/stores.ts';
import { FormError } from '../../forms/form-error.tsx';
import { useZodForm } from '../../forms/use-zod-form.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { auth } from '../../state/auth.ts';
import { runOp } from '../../state/ops.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Field, FieldTextarea } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { personName, useStaff } from '../../data/use-lookup.ts';
import { useRecords } from '../../data/use-records.ts';

/** Comments on a lead (SPEC.md §2): staff add them, hide and unhide them; a hidden one shows a placeholder. */
export function LeadComments({ leadId }: { leadId: string }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const me = useSnapshot(auth).user;
  const comments = useRecords('comment', { limit: 100, filters: [{ field: 'leadId', values: [leadId] }] });
  const form = useZodForm({
    schema: commentEntity.create,
    initial: { leadId, text: '' },
    fieldLabel: () => t('app.comments.new'),
    onSubmit: async (data) => {
      await runOp('comment.create', () => entityStore('comment').create(data), {
        toast: (e) => t('app.list.createFailed', { error: e.message }),
      });
      form.reset({ leadId, text: '' });
      comments.reload();
    },
  });
  const toggle = (comment: EntityRecord) =>
    void runOp('comment.update', () => entityStore('comment').update(comment.id, { hidden: !comment.hidden }, comment.version), {
      toast: (e) => t('app.list.updateFailed', { error: e.message }),
    })
      .then(comments.reload)
      .catch(() => undefined);

  return (
    <Card title={t('app.comments.title')}>
      <form onSubmit={form.onSubmit} noValidate className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
        <FormError form={form} />
        <Field label={t('app.comments.new')} error={form.errors.text}>
          <FieldTextarea
            className={`${controlStyle} ${css({ py: '2', minH: '20' })}`}
            value={String(form.value('text') ?? '')}
            onChange={(e) => form.setValue('text', e.target.value)}
          />
        </Field>
        <div>
          <Button type="submit" size="sm" loading={form.submitting}>
            {t('app.comments.add')}
          </Button>
        </div>
      </form>
      {comments.error ? (
        <p role="alert" className={css({ color: 'error', fontSize: 'sm' })}>
          {comments.error.message}
        </p>
      ) : null}
      {comments.count === 0 ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('app.comments.empty')}</p> : null}
      <ul aria-label={t('app.comments.title')} className={css({ display: 'flex', flexDir: 'column', gap: '2', listStyle: 'none' })}>
        {comments.rows.map((comment) => (
          <li
            key={comment.id}
            className={css({
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'md',
              p: '3',
              display: 'flex',
              flexDir: 'column',
              gap: '1',
              bg: comment.hidden ? 'subtle' : 'surface',
            })}
          >
            <div
              className={css({
                display: 'flex',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: '2',
                fontSize: 'xs',
                color: 'fg.muted',
              })}
            >
              <span>
                {/* No author yet: written here and not synced back, so it is one's own. */}
                {comment.authorId
                  ? (staff.nameOf(comment.authorId) ?? t('app.comments.someone'))
                  : me
                    ? personName(me)
                    : t('app.comments.someone')}{' '}
                · {comment.dateCreation ? formatDateTime(comment.dateCreation) : ''}
              </span>
              <Button variant="ghost" size="sm" onClick={() => toggle(comment)}>
                {comment.hidden ? t('app.comments.unhide') : t('app.comments.hide')}
              </Button>
            </div>
            {comment.hidden ? (
              <p className={css({ fontStyle: 'italic', color: 'fg.muted', fontSize: 'sm' })}>{t('app.comments.hidden')}</p>
            ) : (
              <p className={css({ fontSize: 'sm', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>{String(comment.text ?? '')}</p>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
