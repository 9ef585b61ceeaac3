import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { AWAITING_3DS_TIMEOUT_MS } from '../../../shared/money/card-deposit.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { useRecords } from '../../data/use-records.ts';
import { formatMoney } from '../../i18n/format.ts';
import { auth } from '../../state/auth.ts';
import { ui } from '../../state/ui.ts';
import { buttonRecipe } from '../../ui/button.tsx';

/** When the server cancels a deposit still awaiting its code (deposit-jobs.ts, from the shared constant). */
export const expiryOf = (deposit: { dateCreation?: unknown }) => new Date(String(deposit.dateCreation)).getTime() + AWAITING_3DS_TIMEOUT_MS;

/** A card payment the lead can still take up: awaiting its code, the bank not yet at work, time left. */
export const resumable = (deposit: EntityRecord, now = Date.now()) =>
  deposit.status === 'awaiting_3d_secure' && !deposit.bankRetryAt && expiryOf(deposit) > now;

/** The wizard at this deposit's secure code; `short` in a table's cell. */
export function ResumeLink({ depositId, short }: { depositId: string; short?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/deposits/new"
      search={{ resume: depositId }}
      className={buttonRecipe({ size: 'sm', variant: 'outline' })}
      data-testid="resume-deposit"
    >
      {t(short ? 'app.money.wizard.resumeShort' : 'app.money.wizard.resume')}
    </Link>
  );
}

const AWAITING = [{ field: 'status', values: ['awaiting_3d_secure'] }];

/** "4:31 PM": when the server cancels it, in the reader's language. */
export const expiryTime = (deposit: { dateCreation?: unknown }, locale: string) =>
  new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(expiryOf(deposit));

/** "12 min": whole minutes left, in the reader's language. */
const minutes = (ms: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short' }).format(Math.ceil(ms / 60_000));

/**
 * The lead's card payments waiting for their 3-D Secure code (a reload or Back left the wizard), each
 * with its time left and a way back to it, until the server cancels it (CHECKLIST item 6).
 */
export function AwaitingDeposits() {
  const { t } = useTranslation();
  const me = useSnapshot(auth).user;
  const { localLanguage } = useSnapshot(ui);
  const { rows } = useRecords('deposit', { limit: 5, filters: AWAITING }, Boolean(me));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const open = rows.filter((row) => row.userId === me?.id && resumable(row, now));
  if (!open.length) return null;
  return (
    <ul
      className={css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDir: 'column', gap: '2' })}
      data-testid="awaiting-deposits"
    >
      {open.map((row) => (
        <li
          key={row.id}
          className={css({
            display: 'flex',
            gap: '3',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
            p: '3',
            borderWidth: '1px',
            borderColor: 'warning',
            bg: 'warning.subtle',
            borderRadius: 'md',
            fontSize: 'sm',
          })}
        >
          <span>
            {t('app.money.wizard.awaiting', {
              amount: formatMoney(Number(row.amount ?? 0)),
              time: minutes(expiryOf(row) - now, localLanguage),
            })}
          </span>
          <ResumeLink depositId={row.id} />
        </li>
      ))}
    </ul>
  );
}
