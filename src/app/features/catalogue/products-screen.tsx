import { useMemo, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useNavigate } from '@tanstack/react-router';
import { css } from '../../../../styled-system/css';
import { mayOn } from '../../../shared/access.ts';
import { isStaff } from '../../../shared/roles.ts';
import { useRecords } from '../../data/use-records.ts';
import { formatMoney, formatNumber } from '../../i18n/format.ts';
import { EntityList, type ListColumn } from '../../lists/entity-list.tsx';
import { ExportButtons } from '../../lists/export-buttons.tsx';
import type { ListState } from '../../lists/list-state.ts';
import { auth } from '../../state/auth.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/card.tsx';
import type { CategoryRecord, MarketRecord, ProductRecord } from './catalogue-api.ts';
import { useLabel } from './language.ts';
import { ProductFilters } from './product-filters.tsx';
import { ProductFormDialog } from './product-form-dialog.tsx';
import { ProductStatsPanel } from './product-stats-panel.tsx';
import { ProductValues } from './product-values.tsx';

/**
 * What a product offers beside viewing it, on its card and its page, handed in by the route: the vault's
 * "Buy for a lead" (a feature never reaches into another's files). Shown only when the server would accept it.
 */
export type ProductActionsProps = { product: ProductRecord; onDone?: () => void };

/** Cards read at most this many; the list view pages through everything. */
const CARD_LIMIT = 60;

const cardStyle = css({
  display: 'flex',
  flexDir: 'column',
  h: 'full',
  bg: 'surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'lg',
  overflow: 'hidden',
});

function ProductCard({
  product,
  category,
  market,
  Actions,
}: {
  product: ProductRecord;
  category?: CategoryRecord;
  market?: MarketRecord;
  Actions?: ComponentType<ProductActionsProps>;
}) {
  const { t } = useTranslation();
  return (
    <article className={cardStyle} aria-label={product.description || category?.name} data-testid="product-card">
      <Link
        to="/products/$productId"
        params={{ productId: product.id }}
        className={css({
          color: 'inherit',
          textDecoration: 'none',
          display: 'flex',
          flexDir: 'column',
          flex: '1',
          _hover: { bg: 'subtle' },
          _focusVisible: { outline: '2px solid', outlineColor: 'accent' },
        })}
      >
        {product.image ? (
          <img src={product.image} alt="" className={css({ w: 'full', h: '36', objectFit: 'cover', bg: 'bg.muted' })} />
        ) : (
          <div aria-hidden="true" className={css({ w: 'full', h: '36', bg: 'bg.muted' })} />
        )}
        <div className={css({ p: 'pad', display: 'flex', flexDir: 'column', gap: '2', flex: '1' })}>
          <p className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap', fontSize: 'sm', color: 'fg.muted' })}>
            <span>{category?.name ?? '…'}</span>
            {market ? <span>· {market.name}</span> : null}
            {product.heldBy ? <Badge tone="info">{t('app.catalogue.product.held')}</Badge> : null}
          </p>
          <h2 className={css({ fontSize: 'md', fontWeight: 'semibold', overflowWrap: 'anywhere', lineClamp: 2 })}>
            {product.description || t('app.catalogue.product.untitled')}
          </h2>
          <p className={css({ fontSize: 'lg', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })} data-testid="product-price">
            {formatMoney(product.price)}
          </p>
          {category ? <ProductValues fields={category.fields} values={product.values} compact /> : null}
        </div>
      </Link>
      {Actions ? (
        <div
          className={css({ px: 'pad', pb: 'pad', display: 'flex', gap: '2', flexWrap: 'wrap', _empty: { display: 'none' } })}
          data-testid="product-card-actions"
        >
          <Actions product={product} />
        </div>
      ) : null}
    </article>
  );
}

/**
 * Products (SPEC.md §2, DESIGN.md §13): as cards or as the list kit's list, filtered by category, price
 * range and the category's own fields; staff see the catalogue's figures; admins add products. Read
 * from the mirror offline.
 */
export function ProductsScreen({
  state,
  onStateChange,
  Actions,
}: {
  state: ListState;
  onStateChange: (next: ListState) => void;
  Actions?: ComponentType<ProductActionsProps>;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useNavigate();
  const roles = useSnapshot(auth).user?.roles ?? [];
  const [view, setView] = useState<'cards' | 'list'>('cards');
  const [creating, setCreating] = useState(false);
  const categories = useRecords('product-category', { limit: 100, sorts: [{ field: 'name', order: 'asc' }] })
    .rows as unknown as CategoryRecord[];
  const markets = useRecords('product-market', { limit: 100, sorts: [{ field: 'name', order: 'asc' }] }).rows as unknown as MarketRecord[];
  const categoryOf = useMemo(() => new Map(categories.map((c) => [c.id, c])), [categories]);
  const marketOf = useMemo(() => new Map(markets.map((m) => [m.id, m])), [markets]);
  const cards = useRecords('product', { filters: state.filters, q: state.q, sorts: state.sorts, limit: CARD_LIMIT }, view === 'cards');
  const products = cards.rows as unknown as ProductRecord[];
  const categoryId = state.filters?.find((f) => f.field === 'categoryId')?.values[0] as string | undefined;
  const chosen = categoryId ? categoryOf.get(categoryId) : undefined;

  const columns: ListColumn[] = [
    {
      field: 'image',
      render: (value) =>
        value ? <img src={String(value)} alt="" className={css({ w: '10', h: '10', objectFit: 'cover', borderRadius: 'md' })} /> : null,
    },
    { field: 'description' },
    { field: 'categoryId', render: (value) => categoryOf.get(String(value))?.name ?? '…' },
    { field: 'marketId', render: (value) => (value ? (marketOf.get(String(value))?.name ?? '…') : '—') },
    { field: 'price', kind: 'money' },
    {
      field: 'values',
      render: (value, row) => {
        const category = categoryOf.get(String(row.categoryId));
        return category ? <ProductValues fields={category.fields} values={value as Record<string, unknown>} compact /> : null;
      },
    },
    { field: 'dateCreation', kind: 'date', hidden: true },
  ];
  const filterFields = [
    { field: 'price' },
    ...(chosen?.fields ?? []).map((f) => ({
      field: `values.${f.key}`,
      label: label(f.labels),
      options: f.options?.map((o) => ({ value: o.key, label: label(o.labels) })),
    })),
  ];

  // Both views export what their filters show (staff only).
  const exportButtons = isStaff(roles) ? (
    <ExportButtons entity="product" query={{ filters: state.filters, sorts: state.sorts, q: state.q }} testId="products-export" />
  ) : null;
  const toggle = (
    <div role="group" aria-label={t('app.catalogue.view.label')} className={css({ display: 'flex', gap: '1' })}>
      <Button size="sm" variant={view === 'cards' ? 'solid' : 'outline'} aria-pressed={view === 'cards'} onClick={() => setView('cards')}>
        {t('app.catalogue.view.cards')}
      </Button>
      <Button size="sm" variant={view === 'list' ? 'solid' : 'outline'} aria-pressed={view === 'list'} onClick={() => setView('list')}>
        {t('app.catalogue.view.list')}
      </Button>
    </div>
  );
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap' })}>
      {view === 'cards' ? (
        <>
          <PageHeader
            title={t('app.nav.products')}
            actions={
              <>
                {toggle}
                {exportButtons}
                {mayOn(roles, 'product', 'create') ? (
                  <Button size="sm" onClick={() => setCreating(true)} data-testid="new-product">
                    {t('app.list.add')}
                  </Button>
                ) : null}
              </>
            }
          />
          <ProductFilters state={state} onStateChange={onStateChange} categories={categories} />
          {cards.error ? <p role="alert">{cards.error.message}</p> : null}
          {cards.count !== null ? (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="product-count">
              {cards.count > products.length
                ? t('app.catalogue.product.showingFirst', {
                    shown: formatNumber(products.length),
                    count: cards.count,
                    n: formatNumber(cards.count),
                  })
                : t('app.catalogue.productCount', { count: cards.count, n: formatNumber(cards.count) })}
            </p>
          ) : null}
          <ul
            className={css({
              display: 'grid',
              gap: 'gap',
              gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
              listStyle: 'none',
              p: '0',
            })}
            data-testid="product-cards"
          >
            {products.map((product) => (
              <li key={product.id}>
                <ProductCard
                  product={product}
                  category={categoryOf.get(product.categoryId)}
                  market={product.marketId ? marketOf.get(product.marketId) : undefined}
                  Actions={Actions}
                />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <ProductFilters state={state} onStateChange={onStateChange} categories={categories} />
          <EntityList
            entity="product"
            title={t('app.nav.products')}
            columns={columns}
            state={state}
            onStateChange={onStateChange}
            filterFields={filterFields}
            actions={
              <>
                {toggle}
                {exportButtons}
              </>
            }
            onRowOpen={(row) => void navigate({ to: '/products/$productId', params: { productId: row.id } })}
            stackedRow={(row) => {
              const product = row as unknown as ProductRecord;
              return (
                <div className={css({ display: 'flex', gap: '3', alignItems: 'center', minW: 0 })}>
                  {product.image ? (
                    <img
                      src={product.image}
                      alt=""
                      className={css({ w: '12', h: '12', objectFit: 'cover', borderRadius: 'md', flexShrink: 0 })}
                    />
                  ) : null}
                  <div className={css({ minW: 0 })}>
                    <p className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
                      {product.description || t('app.catalogue.product.untitled')}
                    </p>
                    <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                      {categoryOf.get(product.categoryId)?.name ?? '…'} · <strong>{formatMoney(product.price)}</strong>
                    </p>
                  </div>
                </div>
              );
            }}
            renderForm={({ record, onClose, onSaved }) => (
              <ProductFormDialog
                product={record as unknown as ProductRecord | null}
                categoryId={categoryId}
                onClose={onClose}
                onSaved={() => onSaved()}
              />
            )}
          />
        </>
      )}
      {/* The catalogue's figures after the products themselves: a phone shows the products first. */}
      {isStaff(roles) ? <ProductStatsPanel /> : null}
      {creating ? (
        <ProductFormDialog
          product={null}
          categoryId={categoryId}
          onClose={() => setCreating(false)}
          onSaved={(id) => {
            setCreating(false);
            void navigate({ to: '/products/$productId', params: { productId: id } });
          }}
        />
      ) : null}
    </div>
  );
}
