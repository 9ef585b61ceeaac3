import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { Badge } from '../ui/badge.tsx';
import { formatDateTime, formatMoney, formatNumber } from '../i18n/format.ts';

export type CellKind = 'text' | 'date' | 'money' | 'number' | 'badge' | 'tags' | 'boolean';

/** How a value of each kind reads in a cell, formatted for the local language. */
export function renderCell(kind: CellKind, value: unknown, field: string, t: TFunction, exists: (key: string) => boolean): ReactNode {
  if (value === null || value === undefined || value === '') return <span aria-label={t('app.common.none')}>—</span>;
  const option = (v: string) => (exists(`app.options.${field}.${v}`) ? t(`app.options.${field}.${v}`) : v);
  switch (kind) {
    case 'date':
      return formatDateTime(String(value));
    case 'money':
      return formatMoney(Number(value));
    case 'number':
      return formatNumber(Number(value));
    case 'boolean':
      return value ? t('app.common.yes') : t('app.common.no');
    case 'badge':
      return <Badge tone="primary">{option(String(value))}</Badge>;
    case 'tags':
      return Array.isArray(value) ? value.map((v) => option(String(v))).join(', ') : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}
