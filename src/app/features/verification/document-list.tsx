import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { requireOnline } from '../../api/online-only.ts';
import { formatDateTime, formatNumber } from '../../i18n/format.ts';
import { runOp } from '../../state/ops.ts';
import { Button } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { fetchBlob, openBlob, saveBlob, type LeadDocument } from '../../api/lead-api.ts';

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB`
    : `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`;

/**
 * A lead's verification documents, each opened or downloaded as a private blob (SPEC.md §7): the ones
 * under review first, those a rejection set aside below them under their own heading.
 */
export function DocumentList({ documents }: { documents: readonly LeadDocument[] }) {
  const { t } = useTranslation();
  const current = documents.filter((doc) => !doc.rejectedAt);
  const rejected = documents.filter((doc) => doc.rejectedAt);
  if (!documents.length) return <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('app.documents.none')}</p>;
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      {current.length ? (
        <DocumentItems documents={current} label={t('app.documents.list')} />
      ) : (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('app.documents.noneNew')}</p>
      )}
      {rejected.length ? (
        <section aria-label={t('app.documents.rejectedEarlier')} data-testid="rejected-documents">
          <h3 className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted', mb: '2' })}>
            {t('app.documents.rejectedEarlier')}
          </h3>
          <DocumentItems documents={rejected} label={t('app.documents.rejectedEarlier')} />
        </section>
      ) : null}
    </div>
  );
}

function DocumentItems({ documents, label }: { documents: readonly LeadDocument[]; label: string }) {
  const { t } = useTranslation();
  const get = (doc: LeadDocument, then: (blob: Blob) => void) =>
    void runOp(
      'document.download',
      async () => {
        requireOnline();
        then(await fetchBlob(doc.url));
      },
      { toast: (e) => t('app.documents.downloadFailed', { error: e.message }) },
    ).catch(() => undefined);
  return (
    <ul aria-label={label} className={css({ display: 'flex', flexDir: 'column', gap: '2', listStyle: 'none' })}>
      {documents.map((doc) => (
        <li
          key={doc.id}
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '3',
            flexWrap: 'wrap',
            borderWidth: '1px',
            borderColor: 'border',
            borderRadius: 'md',
            px: '3',
            py: '2',
          })}
        >
          <div className={css({ flex: '1', minW: '0' })}>
            <div
              className={css({ fontWeight: 'medium', fontSize: 'sm', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })}
            >
              {doc.originalName || doc.name}
            </div>
            <div className={css({ fontSize: 'xs', color: 'fg.muted' })}>
              {size(doc.size)} · {formatDateTime(doc.dateCreation)}
            </div>
          </div>
          <Button
            variant="outline"
            size="sm"
            onClick={() => get(doc, openBlob)}
            aria-label={t('app.documents.openNamed', { name: doc.originalName })}
          >
            <Icon name="external" size={14} />
            {t('app.documents.open')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => get(doc, (blob) => saveBlob(blob, doc.originalName || doc.name))}
            aria-label={t('app.documents.downloadNamed', { name: doc.originalName })}
          >
            <Icon name="download" size={14} />
            {t('app.documents.download')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
