import { useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { RowFacts } from '../../lists/row-facts.tsx';
import { RowOpenButton } from '../../lists/row-open-button.tsx';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { mayOn } from '../../../shared/access.ts';
import { OFFER_STATUSES } from '../../../shared/constants.ts';
import { isStaff } from '../../../shared/roles.ts';
import { useOnline } from '../../api/online-only.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { useRecord } from '../../data/use-records.ts';
import { formatDate, formatMoney } from '../../i18n/format.ts';
import { useActionViewer, type ActionViewer } from '../../lists/allowed-actions.ts';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import { ExportButtons } from '../../lists/export-buttons.tsx';
import type { ListState } from '../../lists/list-state.ts';
import { PersonCell, usePerson } from '../../lists/person-cell.tsx';
import { QuickFilters } from '../../lists/quick-filters.tsx';
import { auth } from '../../state/auth.ts';
import { Button } from '../../ui/button.tsx';
import type { MenuItem } from '../../ui/menu.tsx';
import { MakeOfferDialog, OfferActionDialog, type LeadPickerProps } from './offer-dialogs.tsx';
import { offerActions, waitsForAnother } from './offer-state.ts';
import type { OfferAction } from './vault-api.ts';
import { Gain, OfferStatusBadge, ProductName, productLabel } from './vault-cells.tsx';
import { OfferDetail } from './vault-details.tsx';

type Pending = { offer: EntityRecord; action: OfferAction; done: () => void };

/** What an offer row says a staff member cannot do yet (CHECKLIST 1: say why instead of offering it). */
function WaitingNote({ offer, viewer }: { offer: EntityRecord; viewer: ActionViewer }) {
  const { t } = useTranslation();
  if (offer.status !== 'awaiting_release') return null;
  const maker = waitsForAnother(offer, viewer);
  return (
    <span
      data-testid="waiting-release"
      title={maker ? t('app.vault.waitingForAnotherLong') : t('app.vault.waitingForReleaseLong')}
      className={css({ fontSize: 'xs', color: 'fg.muted', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' })}
    >
      {maker ? t('app.vault.waitingForAnother') : t('app.vault.waitingForRelease')}
    </span>
  );
}

/**
 * A phone's row, two lines: product (opening its details) and amount; the lead (staff), the expiry or
 * why it waits, and the status. Its actions are in the row menu, by the thumb.
 */
function OfferRowFacts({
  row,
  showLead,
  viewer,
  now,
  onOpen,
}: {
  row: EntityRecord;
  showLead: boolean;
  viewer: ActionViewer;
  now: number;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const lead = usePerson(showLead ? row.userId : undefined);
  const waiting = row.status === 'awaiting_release' && isStaff(viewer.roles);
  return (
    <RowFacts
      testId="offer-row"
      title={
        <RowOpenButton onOpen={onOpen} testId="open-offer">
          <ProductName id={row.productId} />
        </RowOpenButton>
      }
      figure={formatMoney(Number(row.amount ?? 0))}
      meta={
        <>
          {showLead && lead ? `${lead.name} · ` : ''}
          {waiting ? <WaitingNote offer={row} viewer={viewer} /> : t('app.vault.expires', { date: formatDate(String(row.expirationDate)) })}
        </>
      }
      status={<OfferStatusBadge offer={row} now={now} />}
    />
  );
}

/** The product's words for a confirmation, read from the mirror. */
function ActionFor({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const { t } = useTranslation();
  const { record } = useRecord('product', String(pending.offer.productId));
  return (
    <OfferActionDialog
      offer={pending.offer}
      action={pending.action}
      product={productLabel(record, t('app.vault.unknownProduct'))}
      onClose={onClose}
      onDone={() => {
        pending.done();
        onClose();
      }}
    />
  );
}

/**
 * Offers (DESIGN.md §12–§13): the list kit over the mirror, status quick filters, expired shown by
 * date. Staff make offers, release another's (never their own: "waiting for release by another staff
 * member"), withdraw one not answered (saying why); a lead accepts or declines its own after a
 * confirmation. A row opens to its details (who made and released it, when, why it ended). Every
 * action is online only and says so offline. `leadId`: one lead's (its page's tab, the lead's vault).
 */
export function OffersScreen({
  state,
  onStateChange,
  leadId,
  LeadPicker,
  title,
}: {
  state: ListState;
  onStateChange: (next: ListState) => void;
  leadId?: string;
  LeadPicker?: ComponentType<LeadPickerProps>;
  title?: string;
}) {
  const { t } = useTranslation();
  const roles = useSnapshot(auth).user?.roles ?? [];
  const staff = isStaff(roles);
  const viewer = useActionViewer();
  const online = useOnline();
  const [now] = useState(() => Date.now());
  const [pending, setPending] = useState<Pending | null>(null);
  const [making, setMaking] = useState(false);
  const [opened, setOpened] = useState<EntityRecord | null>(null);
  const [version, setVersion] = useState(0);
  const baseFilters = useMemo(() => (leadId ? [{ field: 'userId', values: [leadId] }] : undefined), [leadId]);
  const showLead = staff && !leadId;
  const columns = useMemo<ListColumn[]>(
    () => [
      // The product opens the offer's details (who made and released it, when): a button, so keyboards reach it too.
      {
        field: 'productId',
        render: (value, row) => (
          <RowOpenButton onOpen={() => setOpened(row)} testId="open-offer">
            <ProductName id={value} />
          </RowOpenButton>
        ),
      },
      ...(showLead ? [{ field: 'userId', render: (value: unknown) => <PersonCell id={value} /> }] : []),
      { field: 'amount', render: (value) => <span data-testid="amount">{formatMoney(Number(value ?? 0))}</span> },
      { field: 'productPrice', hidden: true, render: (value) => formatMoney(Number(value ?? 0)) },
      { field: 'gain', render: (value) => <Gain value={value} /> },
      {
        field: 'status',
        render: (_value, row) => (
          <span className={css({ display: 'flex', flexDir: 'column', gap: '0.5' })}>
            <OfferStatusBadge offer={row} now={now} />
            <WaitingNote offer={row} viewer={viewer} />
          </span>
        ),
      },
      { field: 'expirationDate', render: (value) => (value ? formatDate(String(value)) : '—') },
      { field: 'origin', hidden: true },
      ...(staff
        ? [
            { field: 'createdBy', hidden: true, render: (value: unknown) => <PersonCell id={value} /> },
            { field: 'releasedBy', render: (value: unknown) => (value ? <PersonCell id={value} /> : '—') },
          ]
        : []),
    ],
    [showLead, staff, now, viewer],
  );
  const rowMenu = (row: EntityRecord, refresh: () => void): MenuItem[] =>
    offerActions(row, viewer, now).map((action) => ({
      value: action,
      label: online ? t(`app.vault.actions.${action}`) : `${t(`app.vault.actions.${action}`)} (${t('app.vault.needsConnection')})`,
      disabled: !online,
      onSelect: () => setPending({ offer: row, action, done: refresh }),
    }));
  return (
    <>
      <EntityList
        key={version}
        entity="offer"
        title={title ?? t('app.nav.offers')}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        baseFilters={baseFilters}
        canCreate={false}
        canEdit={() => false}
        canDelete={() => false}
        selectable={false}
        rowMenu={rowMenu}
        onRowOpen={setOpened}
        stackedRow={(row) => <OfferRowFacts row={row} showLead={showLead} viewer={viewer} now={now} onOpen={() => setOpened(row)} />}
        actions={
          <>
            <ExportButtons
              entity="offer"
              query={{ filters: [...(baseFilters ?? []), ...(state.filters ?? [])], sorts: state.sorts, q: state.q }}
              testId="offers-export"
            />
            {staff && mayOn(roles, 'offer', 'create') ? (
              <Button onClick={() => setMaking(true)} disabled={!online} data-testid="make-offer-open">
                {t('app.vault.offer.open')}
              </Button>
            ) : null}
          </>
        }
        toolbar={
          <QuickFilters
            filters={[
              {
                field: 'status',
                label: t('app.fields.status'),
                options: OFFER_STATUSES.filter((s) => staff || s !== 'awaiting_release').map((s) => ({
                  value: s,
                  label: t(`app.vault.offerStatus.${s}`),
                })),
                multiple: true,
              },
            ]}
            state={state}
            onStateChange={onStateChange}
          />
        }
      />
      {pending ? <ActionFor pending={pending} onClose={() => setPending(null)} /> : null}
      {opened ? <OfferDetail offer={opened} now={now} onClose={() => setOpened(null)} /> : null}
      {making ? (
        <MakeOfferDialog
          leadId={leadId}
          LeadPicker={LeadPicker}
          onClose={() => setMaking(false)}
          onDone={() => {
            setMaking(false);
            setVersion((n) => n + 1);
          }}
        />
      ) : null}
    </>
  );
}
