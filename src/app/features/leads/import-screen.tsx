import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { css, cx } from '../../../../styled-system/css';
import { toApiError } from '../../api/http.ts';
import { useOnline } from '../../api/online-only.ts';
import { formatNumber } from '../../i18n/format.ts';
import { runOp } from '../../state/ops.ts';
import { showToast } from '../../state/ui.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button, buttonRecipe } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/card.tsx';
import { FileUpload } from '../../ui/file-upload.tsx';
import { Icon } from '../../ui/icons.tsx';
import { ProgressBar } from '../../ui/progress.tsx';
import { Select } from '../../ui/select.tsx';
import { downloadTemplate, importLeads, type ImportReport } from '../../api/lead-api.ts';
import { IMPORT_COLUMNS, MAX_IMPORT_BYTES, previewSpreadsheet, REQUIRED_IMPORT_COLUMNS, type SheetPreview } from './spreadsheet-preview.ts';
import { forgetLookups, useCampaigns } from '../../data/use-lookup.ts';

type Phase = { step: 'idle' } | { step: 'uploading'; percent: number } | { step: 'importing' } | { step: 'done'; report: ImportReport };

const NONE = '-';
const tableStyle = css({
  w: 'full',
  fontSize: 'sm',
  borderCollapse: 'collapse',
  '& th, & td': { textAlign: 'start', px: '2', py: '1.5', borderBottomWidth: '1px', borderColor: 'border', whiteSpace: 'nowrap' },
  '& th': { fontWeight: 'semibold', bg: 'subtle' },
});

/** Excel lead import (SPEC.md §2, §5): pick one file, check its columns and first rows, send it with progress, read the report. */
export function ImportScreen() {
  const { t } = useTranslation();
  const online = useOnline();
  const campaigns = useCampaigns();
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<SheetPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const busy = phase.step === 'uploading' || phase.step === 'importing';

  const pick = async (next: File) => {
    setFile(next);
    setPreview(null);
    setError(null);
    setPhase({ step: 'idle' });
    try {
      setPreview(await previewSpreadsheet(next));
    } catch {
      setError(t('errors.IMPORT_INVALID_FILE'));
    }
  };

  const send = async () => {
    if (!file) return setError(t('app.import.chooseFile'));
    setError(null);
    setPhase({ step: 'uploading', percent: 0 });
    try {
      const report = await runOp(
        'user.import',
        () =>
          importLeads(
            file,
            campaignId,
            ({ loaded, total }) => setPhase({ step: 'uploading', percent: total ? Math.round((loaded / total) * 100) : 0 }),
            () => setPhase({ step: 'importing' }),
          ),
        { toast: (e) => t('app.import.failed', { error: e.message }) },
      );
      forgetLookups();
      setPhase({ step: 'done', report });
      showToast(t('app.import.imported', { count: report.imported, total: report.total }), report.failed.length ? 'warning' : 'success');
    } catch (cause) {
      setError(toApiError(cause).message);
      setPhase({ step: 'idle' });
    }
  };

  const template = () =>
    void runOp('user.template', downloadTemplate, { toast: (e) => t('app.import.templateFailed', { error: e.message }) }).catch(
      () => undefined,
    );
  const columnLabel = (column: string) => t(`app.import.columns.${column}`);

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap', maxW: '6xl' })}>
      <Link to="/leads" className={cx(buttonRecipe({ variant: 'ghost', size: 'sm' }), css({ alignSelf: 'start' }))}>
        ← {t('app.nav.leads')}
      </Link>
      <PageHeader
        title={t('app.import.title')}
        actions={
          <Button variant="outline" onClick={template} disabled={!online}>
            <Icon name="download" size={16} />
            {t('app.import.template')}
          </Button>
        }
      />
      {!online ? (
        <p
          role="status"
          className={css({
            bg: 'warning.subtle',
            borderWidth: '1px',
            borderColor: 'warning',
            borderRadius: 'md',
            px: '3',
            py: '2',
            fontSize: 'sm',
          })}
        >
          {t('errors.OFFLINE')}
        </p>
      ) : null}
      <Card title={t('app.import.step1')}>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.import.help', { columns: IMPORT_COLUMNS.join(', ') })}</p>
        <div
          className={css({
            display: 'grid',
            gap: 'gap',
            gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1fr) minmax(0, 2fr)' },
            alignItems: 'start',
          })}
        >
          <Select
            label={t('app.import.campaign')}
            options={[{ value: NONE, label: t('app.import.campaignFromFile') }, ...campaigns.options]}
            value={campaignId ? [campaignId] : []}
            placeholder={t('app.import.campaignFromFile')}
            onChange={(next) => setCampaignId(next[0] && next[0] !== NONE ? next[0] : null)}
          />
          <FileUpload
            label={t('app.import.file')}
            accept=".xlsx,.xls"
            maxBytes={MAX_IMPORT_BYTES}
            tooLargeMessage={(filename) => t('app.import.tooLarge', { filename, max: 16 })}
            onFile={(next) => void pick(next)}
            disabled={busy}
          />
        </div>
        {file ? (
          <p className={css({ fontSize: 'sm' })}>
            {t('app.import.chosen', { name: file.name, size: formatNumber(Math.ceil(file.size / 1024)) })}
          </p>
        ) : null}
        {error ? (
          <p role="alert" className={css({ color: 'error', fontSize: 'sm', fontWeight: 'medium' })}>
            {error}
          </p>
        ) : null}
      </Card>

      {preview ? (
        <Card title={t('app.import.step2')}>
          <ul aria-label={t('app.import.columnCheck')} className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', listStyle: 'none' })}>
            {IMPORT_COLUMNS.map((column) => {
              const present = preview.index[column] !== undefined;
              const required = REQUIRED_IMPORT_COLUMNS.includes(column);
              return (
                <li key={column}>
                  <Badge tone={present ? 'success' : required ? 'error' : 'neutral'}>
                    {present ? '✓' : '✗'} {columnLabel(column)} ·{' '}
                    {present ? t('app.import.found') : required ? t('app.import.missingRequired') : t('app.import.missingOptional')}
                  </Badge>
                </li>
              );
            })}
          </ul>
          {preview.ignored.length ? (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.import.ignored', { columns: preview.ignored.join(', ') })}</p>
          ) : null}
          {preview.missing.length ? (
            <p role="alert" className={css({ color: 'error', fontSize: 'sm', fontWeight: 'medium' })}>
              {t('errors.IMPORT_MISSING_COLUMNS', { columns: preview.missing.join(', ') })}
            </p>
          ) : null}
          <p className={css({ fontSize: 'sm' })}>{t('app.import.rows', { count: preview.total, shown: preview.rows.length })}</p>
          {preview.rows.length ? (
            <div className={css({ overflowX: 'auto', borderWidth: '1px', borderColor: 'border', borderRadius: 'md' })}>
              <table className={tableStyle} aria-label={t('app.import.preview')}>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    {IMPORT_COLUMNS.filter((c) => preview.index[c] !== undefined).map((c) => (
                      <th key={c} scope="col">
                        {columnLabel(c)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((row, i) => (
                    <tr key={i}>
                      <td>{i + 2}</td>
                      {IMPORT_COLUMNS.filter((c) => preview.index[c] !== undefined).map((c) => (
                        <td key={c}>{row[c]}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
            <Button onClick={() => void send()} loading={busy} disabled={!online || preview.missing.length > 0 || phase.step === 'done'}>
              <Icon name="upload" size={16} />
              {t('app.import.start')}
            </Button>
          </div>
          {phase.step === 'uploading' ? (
            <ProgressBar label={t('app.import.uploading')} value={phase.percent} valueText={`${phase.percent} %`} />
          ) : null}
          {phase.step === 'importing' ? (
            <ProgressBar label={t('app.import.importing')} value={null} valueText={t('app.import.wait')} />
          ) : null}
        </Card>
      ) : null}

      {phase.step === 'done' ? <ImportReportCard report={phase.report} label={columnLabel} /> : null}
    </div>
  );
}

function ImportReportCard({ report, label }: { report: ImportReport; label: (column: string) => string }) {
  const { t } = useTranslation();
  return (
    <Card title={t('app.import.report')}>
      <p role="status" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {t('app.import.imported', { count: report.imported, total: report.total })}
      </p>
      {report.failed.length ? (
        <>
          <p className={css({ color: 'error', fontWeight: 'medium' })}>{report.message ?? t('app.import.someFailed')}</p>
          <div
            className={css({
              overflowX: 'auto',
              borderWidth: '1px',
              borderColor: 'border',
              borderRadius: 'md',
              maxH: '96',
              overflowY: 'auto',
            })}
          >
            <table className={tableStyle} aria-label={t('app.import.failedRows')}>
              <thead>
                <tr>
                  <th scope="col">{t('app.import.row')}</th>
                  <th scope="col">{t('app.fields.email')}</th>
                  <th scope="col">{t('app.import.reasons')}</th>
                </tr>
              </thead>
              <tbody>
                {report.failed.map((failure) => (
                  <tr key={failure.row}>
                    <td>{failure.row}</td>
                    <td>{failure.email || '—'}</td>
                    <td className={css({ whiteSpace: 'normal!' })}>
                      {Object.entries(failure.errors)
                        .map(([field, message]) =>
                          t('app.import.reason', { field: IMPORT_COLUMNS.includes(field as never) ? label(field) : field, message }),
                        )
                        .join('; ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <div>
        <Link to="/leads" className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
          {t('app.import.toLeads')}
        </Link>
      </div>
    </Card>
  );
}
