import { useSnapshot } from 'valtio';
import { labelIn, type Labels } from '../../../shared/catalogue/fields.ts';
import { ui } from '../../state/ui.ts';

/** A catalogue label (a field's, an option's) in the reader's language: every screen names fields this way. */
export function useLabel() {
  const { language } = useSnapshot(ui);
  return (labels: Labels | undefined) => (labels ? labelIn(labels, language) : '');
}
