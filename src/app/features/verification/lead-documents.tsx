import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { useSnapshot } from 'valtio';
import { mayDo } from '../../../shared/access.ts';
import { auth } from '../../state/auth.ts';
import { toApiError, type ApiError } from '../../api/http.ts';
import { offlineError, useOnline } from '../../api/online-only.ts';
import { runOp } from '../../state/ops.ts';
import { showToast } from '../../state/ui.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field, FieldTextarea } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { DocumentList } from './document-list.tsx';
import { decideVerification, documentsOf, type DocumentsAnswer } from '../../api/lead-api.ts';
import { VerificationBadge } from '../../ui/person-badges.tsx';

/** Staff side of verification (SPEC.md §2, §4): open the documents, verify, or reject with a reason. */
export function LeadDocuments({ leadId, onDecided }: { leadId: string; onDecided: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const [answer, setAnswer] = useState<DocumentsAnswer | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    if (!online) return setError(offlineError());
    documentsOf(leadId)
      .then((next) => (setAnswer(next), setError(null)))
      .catch((cause) => setError(toApiError(cause)));
  }, [leadId, online]);
  useEffect(load, [load]);

  const decide = async (status: 'verified' | 'rejected', note?: string) => {
    setBusy(true);
    try {
      await runOp('user.verification', () => decideVerification(leadId, status, note));
      showToast(t(status === 'verified' ? 'app.documents.verifiedToast' : 'app.documents.rejectedToast'), 'success');
      setRejecting(false);
      load();
      onDecided();
    } finally {
      setBusy(false);
    }
  };

  const roles = useSnapshot(auth).user?.roles ?? [];
  // A decision needs documents to decide on (not ones a rejection set aside), and a role the server lets
  // decide; whoever sent some of them is told why instead (four eyes, DESIGN.md §6).
  const decidable =
    answer?.verificationStatus === 'pending' && answer.documents.some((doc) => !doc.rejectedAt) && mayDo(roles, 'user.decideVerification');
  return (
    <Card title={t('app.documents.title')} actions={answer ? <VerificationBadge status={answer.verificationStatus} /> : null}>
      {error ? (
        <p role="alert" className={css({ color: error.code === 'OFFLINE' ? 'fg.muted' : 'error', fontSize: 'sm' })}>
          {error.message}
        </p>
      ) : null}
      {!answer && !error ? <Spinner label={t('app.common.loading')} /> : null}
      {answer?.verificationStatus === 'rejected' && answer.verificationNote ? (
        <p className={css({ fontSize: 'sm' })}>{t('app.documents.rejectedBecause', { note: answer.verificationNote })}</p>
      ) : null}
      {answer ? <DocumentList documents={answer.documents} /> : null}
      {decidable && answer.uploadedByYou ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="verifier-uploaded">
          {t('errors.VERIFIER_UPLOADED')}
        </p>
      ) : null}
      {decidable && !answer.uploadedByYou ? (
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <Button loading={busy} disabled={!online} onClick={() => void decide('verified').catch(() => undefined)}>
            {t('app.documents.verify')}
          </Button>
          <Button variant="danger" disabled={!online || busy} onClick={() => setRejecting(true)}>
            {t('app.documents.reject')}
          </Button>
        </div>
      ) : null}
      {rejecting ? <RejectDialog busy={busy} onClose={() => setRejecting(false)} onReject={(note) => decide('rejected', note)} /> : null}
    </Card>
  );
}

function RejectDialog({ busy, onClose, onReject }: { busy: boolean; onClose: () => void; onReject: (note: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (!note.trim()) return setError(t('validation.rejectionReason'));
    onReject(note.trim()).catch((cause) => setError(toApiError(cause).message));
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('app.documents.rejectTitle')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('app.common.cancel')}
          </Button>
          <Button variant="danger" loading={busy} onClick={submit}>
            {t('app.documents.reject')}
          </Button>
        </>
      }
    >
      <Field label={t('app.documents.reason')} error={error} required>
        <FieldTextarea
          className={`${controlStyle} ${css({ py: '2', minH: '24' })}`}
          value={note}
          maxLength={1000}
          onChange={(e) => (setNote(e.target.value), setError(null))}
        />
      </Field>
    </Dialog>
  );
}
