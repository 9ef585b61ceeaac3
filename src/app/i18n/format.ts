import { ui } from '../state/ui.ts';

/** Intl formatters per local language (default en-US); euros everywhere (SPEC.md §9). */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

export const formatMoney = (euros: number, locale = ui.localLanguage) =>
  formatter(`money:${locale}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' })).format(euros);

export const formatNumber = (value: number, locale = ui.localLanguage) =>
  formatter(`number:${locale}`, () => new Intl.NumberFormat(locale)).format(value);

/** A short number for a chart's axis: "12K", "1.5M". */
export const formatCompact = (value: number, locale = ui.localLanguage) =>
  formatter(`compact:${locale}`, () => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })).format(value);

export const formatDate = (value: string | number | Date, locale = ui.localLanguage) =>
  formatter(`date:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' })).format(new Date(value));

export const formatDateTime = (value: string | number | Date, locale = ui.localLanguage) =>
  formatter(`datetime:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })).format(
    new Date(value),
  );
