import type { Filter, Sort } from '../../../shared/list-params.ts';
import { downloadList } from '../../lists/list-export.ts';
import type { MoneyEntity } from './money-actions.ts';

/** The deposits or withdrawals a list shows, exported by the server through the list kit's one export. */
export function downloadMoneyList(entity: MoneyEntity, query: { filters?: Filter[]; sorts?: Sort[]; q?: string }, format: 'csv' | 'xlsx') {
  return downloadList(entity, query, format);
}
