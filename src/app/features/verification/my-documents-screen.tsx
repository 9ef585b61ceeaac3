import { useCallback, useEffect, useState } from 'react';
import { PURPOSES } from '../../../shared/file-kinds.ts';
import { FileUpload as ArkFileUpload } from '@ark-ui/react/file-upload';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { MAX_FILE_BYTES } from '../../../shared/constants.ts';
import { toApiError } from '../../api/http.ts';
import { offlineError, useOnline } from '../../api/online-only.ts';
import { formatNumber } from '../../i18n/format.ts';
import { auth, setUser, type CurrentUser } from '../../state/auth.ts';
import { runOp } from '../../state/ops.ts';
import { showToast } from '../../state/ui.ts';
import { Button } from '../../ui/button.tsx';
import { DropZone } from '../../ui/file-upload.tsx';
import { Card, PageHeader } from '../../ui/card.tsx';
import { labelStyle } from '../../ui/field.tsx';
import { ProgressBar } from '../../ui/progress.tsx';
import { DocumentList } from './document-list.tsx';
import { documentsOf, uploadDocument, type DocumentsAnswer } from '../../api/lead-api.ts';
import { VerificationBadge } from '../../ui/person-badges.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';

/** What the server takes for a verification document (src/shared/file-kinds.ts; it sniffs the bytes too). */
const ACCEPT = PURPOSES.document.join(',');
const MAX_FILES = 10;

/**
 * The lead's document upload page (SPEC.md §2, §4): allowed types, 5 MB each, checked before
 * sending; not started → pending → verified or rejected; after a rejection, new documents.
 */
export function MyDocumentsScreen() {
  const { t } = useTranslation();
  const online = useOnline();
  const me = useSnapshot(auth).user;
  const [answer, setAnswer] = useState<DocumentsAnswer | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    if (!me) return;
    if (!online) return setLoadError(offlineError().message);
    documentsOf(me.id)
      .then((next) => (setAnswer(next), setLoadError(null)))
      .catch((cause) => setLoadError(toApiError(cause).message));
  }, [me, online]);
  useEffect(load, [load]);
  if (!me) return null;

  const status = answer?.verificationStatus ?? me.verificationStatus ?? 'uninitialized';
  const note = answer ? answer.verificationNote : me.verificationNote;
  const canUpload = status !== 'verified';

  const send = async () => {
    setError(null);
    const tooBig = files.find((f) => f.size > MAX_FILE_BYTES);
    if (tooBig) return setError(t('app.upload.tooLarge', { filename: tooBig.name }));
    if (!files.length) return setError(t('errors.FILE_MISSING'));
    const total = files.reduce((sum, f) => sum + f.size, 0) || 1;
    let done = 0;
    setProgress(0);
    try {
      for (const file of files) {
        const { user } = await runOp(
          'document.upload',
          () => uploadDocument(me.id, file, ({ loaded }) => setProgress(Math.round(((done + loaded) / total) * 100))),
          {
            toast: (e) => t('app.documents.uploadFailed', { error: e.message }),
          },
        );
        done += file.size;
        setUser({ ...me, ...user } as CurrentUser);
      }
      showToast(t('app.documents.sent', { count: files.length }), 'success');
      setFiles([]);
      setRound((n) => n + 1);
      load();
    } catch (cause) {
      setError(toApiError(cause).message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap', maxW: '4xl' })}>
      <PageHeader title={t('app.documents.myTitle')} />
      <Card title={t('app.documents.status')} actions={<VerificationBadge status={status} />}>
        <p data-testid="verification-text">{t(`app.documents.explain.${status}`, { note: note ?? '' })}</p>
      </Card>
      {canUpload ? (
        <Card title={status === 'rejected' ? t('app.documents.uploadNew') : t('app.documents.upload')}>
          <OfflineNote text={t('errors.OFFLINE')} />
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.documents.rules')}</p>
          <ArkFileUpload.Root
            translations={{ dropzone: t('app.documents.drop') }}
            key={round}
            maxFiles={MAX_FILES}
            maxFileSize={MAX_FILE_BYTES}
            accept={ACCEPT}
            disabled={progress !== null}
            // Two callbacks, each with the whole current list (onFileChange can report a stale other half).
            onFileAccept={(details) => {
              setFiles(details.files);
              setError(null);
            }}
            onFileReject={(details) =>
              setRefused(
                details.files.map(({ file, errors }) =>
                  errors.includes('FILE_TOO_LARGE')
                    ? t('app.upload.tooLarge', { filename: file.name })
                    : errors.includes('TOO_MANY_FILES')
                      ? t('app.documents.tooMany', { max: MAX_FILES })
                      : t('app.documents.badType', { filename: file.name }),
                ),
              )
            }
            className={css({ display: 'flex', flexDir: 'column', gap: '2' })}
          >
            <ArkFileUpload.Label className={labelStyle}>{t('app.documents.files')}</ArkFileUpload.Label>
            <DropZone drop={t('app.documents.drop')} choose={t('app.documents.choose')} />
            <ArkFileUpload.Context>
              {(api) =>
                api.acceptedFiles.length ? (
                  <ul
                    aria-label={t('app.documents.chosen')}
                    className={css({ display: 'flex', flexDir: 'column', gap: '1', listStyle: 'none', fontSize: 'sm' })}
                  >
                    {api.acceptedFiles.map((file) => (
                      <li key={`${file.name}:${file.size}`} className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
                        <span className={css({ flex: '1', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis' })}>
                          {file.name} · {formatNumber(Math.max(1, Math.round(file.size / 1024)))} KB
                        </span>
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => api.deleteFile(file)}
                          aria-label={t('app.documents.removeNamed', { name: file.name })}
                        >
                          {t('app.documents.remove')}
                        </Button>
                      </li>
                    ))}
                  </ul>
                ) : null
              }
            </ArkFileUpload.Context>
            <ArkFileUpload.HiddenInput aria-label={t('app.documents.files')} />
          </ArkFileUpload.Root>
          {refused.map((message) => (
            <p key={message} role="alert" className={css({ color: 'error', fontSize: 'sm', fontWeight: 'medium' })}>
              {message}
            </p>
          ))}
          {error ? (
            <p role="alert" className={css({ color: 'error', fontSize: 'sm', fontWeight: 'medium' })}>
              {error}
            </p>
          ) : null}
          {progress !== null ? <ProgressBar label={t('app.documents.sending')} value={progress} valueText={`${progress} %`} /> : null}
          <div>
            <Button onClick={() => void send()} disabled={!online || !files.length} loading={progress !== null}>
              {t('app.documents.send', { count: files.length })}
            </Button>
          </div>
        </Card>
      ) : null}
      <Card title={t('app.documents.title')}>
        {loadError ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{loadError}</p> : null}
        {answer ? <DocumentList documents={answer.documents} /> : null}
      </Card>
    </div>
  );
}
