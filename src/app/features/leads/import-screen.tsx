import { useEffect, useMemo, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { css, cx } from '../../../../styled-system/css';
import { toApiError } from '../../api/http.ts';
import { useOnline } from '../../api/online-only.ts';
import { formatNumber } from '../../i18n/format.ts';
import { runOp } from '../../state/ops.ts';
import { showToast } from '../../state/ui.ts';
import { Button, buttonRecipe } from '../../ui/button.tsx';
import { Card, PageHeader } from '../../ui/card.tsx';
import { FileUpload } from '../../ui/file-upload.tsx';
import { Icon } from '../../ui/icons.tsx';
import { ProgressBar } from '../../ui/progress.tsx';
import { Select } from '../../ui/select.tsx';
import { OfflineNote } from '../../ui/offline-note.tsx';
import { downloadTemplate, importCheck, importLeads, type ImportReport } from '../../api/lead-api.ts';
import {
  guessMapping,
  IMPORT_COLUMNS,
  MAX_IMPORT_BYTES,
  missingColumns,
  type DuplicateChoice,
  type ImportColumn,
  type RowIssue,
} from '../../../shared/lead-import.ts';
import { checkRows, readSheet, type Sheet } from './spreadsheet-preview.ts';
import { forgetLookups, useCampaigns } from '../../data/use-lookup.ts';

type Phase = { step: 'idle' } | { step: 'uploading'; percent: number } | { step: 'importing' } | { step: 'done'; report: ImportReport };
type Existing = Map<string, { updatable: boolean; name?: string }>;

const NONE = '-';
/** Rows listed in the preview's tables; the counts say how many more. */
const SHOWN = 50;
const tableStyle = css({
  w: 'full',
  fontSize: 'sm',
  borderCollapse: 'collapse',
  '& th, & td': { textAlign: 'start', px: '2', py: '1.5', borderBottomWidth: '1px', borderColor: 'border', whiteSpace: 'nowrap' },
  '& th': { fontWeight: 'semibold', bg: 'subtle' },
});
const scrollBox = css({ overflowX: 'auto', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', maxH: '80', overflowY: 'auto' });
const alertStyle = css({ color: 'error', fontSize: 'sm', fontWeight: 'medium' });

/**
 * Excel lead import (SPEC.md §2, §5; issue 14): pick one file, match its columns to lead fields
 * (guessed from the headers, editable), see every row checked by the server's own rules (bad rows
 * with their reasons, emails already in use) before sending, choose skip or update for existing
 * leads, send with progress, read the server's report (it checks everything again).
 */
export function ImportScreen() {
  const { t } = useTranslation();
  const online = useOnline();
  const campaigns = useCampaigns();
  const [campaignId, setCampaignId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const [mapping, setMapping] = useState<(ImportColumn | null)[]>([]);
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('skip');
  const [existing, setExisting] = useState<Existing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const busy = phase.step === 'uploading' || phase.step === 'importing';

  const checked = useMemo(() => (sheet ? checkRows(sheet.data, mapping) : null), [sheet, mapping]);
  const emails = useMemo(() => checked?.good.map((g) => g.lead.email) ?? [], [checked]);
  useEffect(() => {
    setExisting(null);
    if (!emails.length || !online) return;
    let current = true;
    importCheck(emails)
      .then(({ existing: found }) => current && setExisting(new Map(found.map(({ email, ...rest }) => [email, rest]))))
      .catch((cause) => current && setError(toApiError(cause).message));
    return () => {
      current = false;
    };
  }, [emails, online]);

  const pick = async (next: File) => {
    setFile(next);
    setSheet(null);
    setError(null);
    setPhase({ step: 'idle' });
    try {
      const read = await readSheet(next);
      setMapping(guessMapping(read.headers));
      setSheet(read);
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
            { campaignId, mapping, duplicates },
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
  const columnLabel = (column: string) => (IMPORT_COLUMNS.includes(column as ImportColumn) ? t(`app.import.columns.${column}`) : column);
  const reasons = (errors: Partial<Record<string, RowIssue>>) =>
    Object.entries(errors)
      .map(([field, issue]) => t('app.import.reason', { field: columnLabel(field), message: t(issue!.key, issue!.params) }))
      .join('; ');
  const fieldOptions = useMemo(
    () => [
      { value: NONE, label: t('app.import.ignore') },
      ...IMPORT_COLUMNS.map((c) => ({ value: c, label: t(`app.import.columns.${c}`) })),
    ],
    [t],
  );

  const missing = missingColumns(mapping);
  const empty = sheet !== null && !sheet.data.length;
  const already = checked && existing ? checked.good.filter((g) => existing.has(g.lead.email)) : [];
  const ready = checked ? checked.good.length - already.length : 0;
  const updatable = already.filter((g) => existing?.get(g.lead.email)?.updatable).length;
  const nothingToDo = ready === 0 && !(duplicates === 'update' && updatable > 0);
  const canImport = online && !!checked && !missing.length && !empty && existing !== null && !nothingToDo && phase.step !== 'done';

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap', maxW: '6xl', minW: '0' })}>
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
      <OfflineNote text={t('errors.OFFLINE')} />
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
          <p role="alert" className={alertStyle}>
            {error}
          </p>
        ) : null}
      </Card>

      {sheet && checked ? (
        <Card title={t('app.import.step2')}>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.import.mappingHelp')}</p>
          <section
            aria-label={t('app.import.mapping')}
            className={css({
              display: 'grid',
              gap: '3',
              gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
            })}
          >
            {sheet.headers.map((header, i) => {
              const sample = String(sheet.data[0]?.cells[i] ?? '').trim();
              return (
                <div key={i} className={css({ minW: '0' })}>
                  <Select
                    label={header.trim() || `#${i + 1}`}
                    options={fieldOptions}
                    value={[mapping[i] ?? NONE]}
                    onChange={(next) => {
                      const field = next[0] && next[0] !== NONE ? (next[0] as ImportColumn) : null;
                      // A field is held by one column: choosing it here frees it elsewhere.
                      setMapping(sheet.headers.map((_, j) => (j === i ? field : mapping[j] === field ? null : (mapping[j] ?? null))));
                    }}
                  />
                  {sample ? (
                    <p className={css({ fontSize: 'xs', color: 'fg.muted', mt: '1', truncate: true })} title={sample}>
                      {t('app.import.sample', { value: sample })}
                    </p>
                  ) : null}
                </div>
              );
            })}
          </section>
          {missing.length ? (
            <p role="alert" className={alertStyle}>
              {t('errors.IMPORT_MISSING_COLUMNS', { columns: missing.map(columnLabel).join(', ') })}
            </p>
          ) : null}
          {empty ? (
            <p role="alert" className={alertStyle}>
              {t('errors.IMPORT_EMPTY')}
            </p>
          ) : null}
          {sheet.notes ? (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.import.notes', { count: sheet.notes })}</p>
          ) : null}
          {!missing.length && !empty ? (
            <>
              <ul aria-label={t('app.import.summary')} className={css({ fontSize: 'sm', listStyle: 'disc', pl: '5' })}>
                <li>{t('app.import.ready', { count: ready })}</li>
                <li>{t('app.import.bad', { count: checked.bad.length })}</li>
                <li>{existing ? t('app.import.existing', { count: already.length }) : t('app.import.checking')}</li>
              </ul>
              {checked.bad.length ? (
                <div className={scrollBox}>
                  <table className={tableStyle} aria-label={t('app.import.badRows')}>
                    <thead>
                      <tr>
                        <th scope="col">{t('app.import.row')}</th>
                        <th scope="col">{t('app.fields.email')}</th>
                        <th scope="col">{t('app.import.reasons')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {checked.bad.slice(0, SHOWN).map((bad) => (
                        <tr key={bad.row}>
                          <td>{bad.row}</td>
                          <td>{bad.email || '—'}</td>
                          <td className={css({ whiteSpace: 'normal!' })}>{reasons(bad.errors)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  {checked.bad.length > SHOWN ? (
                    <p className={css({ fontSize: 'sm', p: '2' })}>{t('app.import.more', { count: checked.bad.length - SHOWN })}</p>
                  ) : null}
                </div>
              ) : null}
              {already.length ? (
                <>
                  <div className={scrollBox}>
                    <table className={tableStyle} aria-label={t('app.import.existingRows')}>
                      <thead>
                        <tr>
                          <th scope="col">{t('app.import.row')}</th>
                          <th scope="col">{t('app.fields.email')}</th>
                          <th scope="col">{t('app.import.lead')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {already.slice(0, SHOWN).map(({ row, lead }) => {
                          const found = existing?.get(lead.email);
                          return (
                            <tr key={row}>
                              <td>{row}</td>
                              <td>{lead.email}</td>
                              <td className={css({ whiteSpace: 'normal!' })}>
                                {found?.updatable
                                  ? t('app.import.existingLead', { name: found.name || lead.email })
                                  : t('app.import.existingOther')}
                              </td>
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                    {already.length > SHOWN ? (
                      <p className={css({ fontSize: 'sm', p: '2' })}>{t('app.import.more', { count: already.length - SHOWN })}</p>
                    ) : null}
                  </div>
                  <fieldset className={css({ display: 'flex', flexDir: 'column', gap: '1', fontSize: 'sm' })}>
                    <legend className={css({ fontWeight: 'medium', mb: '1' })}>{t('app.import.duplicates')}</legend>
                    {(['skip', 'update'] as const).map((choice) => (
                      <label key={choice} className={css({ display: 'flex', gap: '2', alignItems: 'center', cursor: 'pointer' })}>
                        <input
                          type="radio"
                          name="duplicates"
                          value={choice}
                          checked={duplicates === choice}
                          onChange={() => setDuplicates(choice)}
                        />
                        {t(`app.import.${choice}`)}
                      </label>
                    ))}
                  </fieldset>
                </>
              ) : null}
              {checked.bad.length ? <p className={css({ fontSize: 'sm' })}>{t('app.import.onlyGood')}</p> : null}
            </>
          ) : null}
          <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
            <Button onClick={() => void send()} loading={busy} disabled={!canImport}>
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
      {report.updated ? <p>{t('app.import.updated', { count: report.updated })}</p> : null}
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
                        .map(([field, message]) => t('app.import.reason', { field: label(field), message }))
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
