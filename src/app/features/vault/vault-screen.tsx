import { useMemo, useState, type ComponentType } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { RowFacts } from '../../lists/row-facts.tsx';
import { RowOpenButton } from '../../lists/row-open-button.tsx';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { HOLDING_STATUSES } from '../../../shared/constants.ts';
import { isStaff } from '../../../shared/roles.ts';
import { useOnline } from '../../api/online-only.ts';
import type { EntityRecord } from '../../data/entity-store.ts';
import { formatDate, formatMoney } from '../../i18n/format.ts';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import { ExportButtons } from '../../lists/export-buttons.tsx';
import type { ListState } from '../../lists/list-state.ts';
import { PersonCell, usePerson } from '../../lists/person-cell.tsx';
import { QuickFilters } from '../../lists/quick-filters.tsx';
import { auth } from '../../state/auth.ts';
import { buttonRecipe } from '../../ui/button.tsx';
import type { MenuItem } from '../../ui/menu.tsx';
import { MakeOfferDialog, type LeadPickerProps } from './offer-dialogs.tsx';
import { Gain, HoldingStatusBadge, ProductName } from './vault-cells.tsx';
import { HoldingDetail } from './vault-details.tsx';
import { VaultStatsPanel } from './vault-stats-panel.tsx';

/** A phone's row: the product (opening its details) and its price, the lead (staff), held or sold (for how much), when. */
function HoldingRowFacts({ row, showLead, onOpen }: { row: EntityRecord; showLead: boolean; onOpen: () => void }) {
  const { t } = useTranslation();
  const lead = usePerson(showLead ? row.userId : undefined);
  return (
    <RowFacts
      testId="holding-row"
      title={
        <RowOpenButton onOpen={onOpen} testId="open-holding">
          <ProductName id={row.productId} />
        </RowOpenButton>
      }
      figure={formatMoney(Number(row.purchasePrice ?? 0))}
      meta={
        <>
          {showLead && lead ? `${lead.name} · ` : ''}
          {row.status === 'sold'
            ? t('app.vault.soldFor', { amount: formatMoney(Number(row.saleAmount ?? 0)), date: formatDate(String(row.soldAt)) })
            : t('app.vault.boughtOn', { date: formatDate(String(row.dateCreation)) })}
        </>
      }
      status={<HoldingStatusBadge status={row.status} />}
    />
  );
}

/**
 * The vault (DESIGN.md §12–§13): the holdings of one lead (picked) or of every lead in scope, held
 * and sold, with the figures of SPEC.md §3 over the same leads; staff make an offer on a held one and
 * buy from the products screen. A lead sees its own. `leadId` fixes the lead (its page's tab).
 */
export function VaultScreen({
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
  const online = useOnline();
  const [picked, setPicked] = useState<string | undefined>();
  const [offering, setOffering] = useState<EntityRecord | null>(null);
  const [opened, setOpened] = useState<EntityRecord | null>(null);
  const [version, setVersion] = useState(0);
  const lead = leadId ?? picked;
  const baseFilters = useMemo(() => (lead ? [{ field: 'userId', values: [lead] }] : undefined), [lead]);
  const showLead = staff && !lead;
  const columns = useMemo<ListColumn[]>(
    () => [
      // The product opens the holding's details (bought by whom, sold for how much): a button, so keyboards reach it too.
      {
        field: 'productId',
        render: (value, row) => (
          <RowOpenButton onOpen={() => setOpened(row)} testId="open-holding">
            <ProductName id={value} />
          </RowOpenButton>
        ),
      },
      ...(showLead ? [{ field: 'userId', render: (value: unknown) => <PersonCell id={value} /> }] : []),
      { field: 'purchasePrice', render: (value) => <span data-testid="price">{formatMoney(Number(value ?? 0))}</span> },
      { field: 'status', render: (value) => <HoldingStatusBadge status={value} /> },
      { field: 'dateCreation', render: (value) => (value ? formatDate(String(value)) : '—') },
      { field: 'saleAmount', render: (value) => (value === null || value === undefined ? '—' : formatMoney(Number(value))) },
      { field: 'gain', render: (value) => <Gain value={value} /> },
      { field: 'soldAt', render: (value) => (value ? formatDate(String(value)) : '—') },
      ...(staff ? [{ field: 'purchasedBy', render: (value: unknown) => <PersonCell id={value} /> }] : []),
    ],
    [showLead, staff],
  );
  const rowMenu = (row: EntityRecord): MenuItem[] =>
    staff && row.status === 'held'
      ? [
          {
            value: 'offer',
            label: online ? t('app.vault.offer.open') : `${t('app.vault.offer.open')} (${t('app.vault.needsConnection')})`,
            disabled: !online,
            onSelect: () => setOffering(row),
          },
        ]
      : [];
  return (
    <>
      <EntityList
        key={`${version}:${lead ?? ''}`}
        entity="holding"
        title={title ?? t('app.nav.vault')}
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
        stackedRow={(row) => <HoldingRowFacts row={row} showLead={showLead} onOpen={() => setOpened(row)} />}
        actions={
          <>
            <ExportButtons
              entity="holding"
              query={{ filters: [...(baseFilters ?? []), ...(state.filters ?? [])], sorts: state.sorts, q: state.q }}
              testId="vault-export"
            />
            {staff ? (
              <Link to="/products" className={buttonRecipe({ variant: 'outline' })} data-testid="buy-from-products">
                {t('app.vault.buy.fromProducts')}
              </Link>
            ) : null}
          </>
        }
        toolbar={
          <>
            {staff && !leadId && LeadPicker ? (
              <div className={css({ maxW: { base: 'full', md: '96' }, mb: 'gap' })} data-testid="vault-lead">
                <LeadPicker label={t('app.vault.pickLead')} name="vaultLead" value={picked} onChange={setPicked} />
                <p className={css({ fontSize: 'xs', color: 'fg.muted', mt: '1' })}>
                  {picked ? t('app.vault.oneLead') : t('app.vault.allLeads')}
                </p>
              </div>
            ) : null}
            <VaultStatsPanel userId={lead} reload={version} />
            <QuickFilters
              filters={[
                {
                  field: 'status',
                  label: t('app.fields.status'),
                  options: HOLDING_STATUSES.map((s) => ({ value: s, label: t(`app.vault.holdingStatus.${s}`) })),
                  multiple: true,
                },
              ]}
              state={state}
              onStateChange={onStateChange}
            />
          </>
        }
      />
      {opened ? <HoldingDetail holding={opened} onClose={() => setOpened(null)} /> : null}
      {offering ? (
        <MakeOfferDialog
          leadId={String(offering.userId)}
          productId={String(offering.productId)}
          onClose={() => setOffering(null)}
          onDone={() => {
            setOffering(null);
            setVersion((n) => n + 1);
          }}
        />
      ) : null}
    </>
  );
}
