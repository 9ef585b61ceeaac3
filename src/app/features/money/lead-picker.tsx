import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Combobox, createListCollection } from '@ark-ui/react/combobox';
import { css, cx } from '../../../../styled-system/css';
import { LEAD_FILTER } from '../../data/use-lookup.ts';
import { entityStore } from '../../data/stores.ts';
import { personOf, usePerson, type Person } from '../../lists/person-cell.tsx';
import { labelStyle } from '../../ui/field.tsx';
import { controlStyle } from '../../ui/input.tsx';
import { floatingStyle, itemStyle } from '../../ui/popover-styles.ts';

/** How many leads a search shows: enough to pick from, few enough to read; typing more narrows them. */
const SHOWN = 20;
const PAUSE_MS = 200;

/**
 * Choose a lead by typing part of a name, email or phone: searched as one types, in the user store
 * (the offline mirror when signed in, so it works offline; else the API's search), however many leads
 * there are. Each choice shows name and email, so namesakes are told apart (CHECKLIST item 2).
 */
export function LeadPicker({
  label,
  value,
  onChange,
  error,
  name,
}: {
  label: string;
  value: string | undefined;
  onChange: (leadId: string | undefined, lead?: Person) => void;
  error?: string | null;
  name?: string;
}) {
  const { t } = useTranslation();
  const chosen = usePerson(value);
  const [input, setInput] = useState<string | null>(null);
  const [found, setFound] = useState<Person[]>([]);
  const [searching, setSearching] = useState(false);
  const typed = input ?? '';

  useEffect(() => {
    if (input === null) return;
    const controller = new AbortController();
    setSearching(true);
    const timer = setTimeout(() => {
      entityStore('user')
        .list(
          { page: 1, limit: SHOWN, q: input.trim() || undefined, filters: LEAD_FILTER, sorts: [{ field: 'lastName', order: 'asc' }] },
          controller.signal,
        )
        .then((result) => !controller.signal.aborted && setFound(result.rows.map(personOf)))
        .catch(() => !controller.signal.aborted && setFound([]))
        .finally(() => !controller.signal.aborted && setSearching(false));
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [input]);

  const collection = useMemo(() => createListCollection({ items: found, itemToValue: (p) => p.id, itemToString: (p) => p.name }), [found]);
  const shown = input ?? (chosen ? chosen.name : '');

  return (
    <Combobox.Root
      collection={collection}
      value={value ? [value] : []}
      inputValue={shown}
      name={name}
      invalid={Boolean(error)}
      openOnClick
      selectionBehavior="preserve"
      onInputValueChange={(details) => {
        if (details.reason === 'input-change') setInput(details.inputValue);
      }}
      onOpenChange={(details) => {
        // Opening lists leads at once; closing without a choice shows the chosen one's name again.
        if (details.open) setInput((typed) => typed ?? '');
        if (!details.open && details.reason !== 'item-select') setInput(null);
      }}
      onValueChange={(details) => {
        const lead = details.items[0] as Person | undefined;
        setInput(null);
        onChange(details.value[0], lead);
      }}
      positioning={{ sameWidth: true, strategy: 'fixed' }}
      className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}
      data-testid="lead-picker"
    >
      <Combobox.Label className={labelStyle}>{label}</Combobox.Label>
      <Combobox.Control>
        <Combobox.Input
          className={cx(controlStyle, css({ w: 'full' }))}
          placeholder={t('app.money.leadPicker.placeholder')}
          autoComplete="off"
        />
      </Combobox.Control>
      {chosen && input === null ? (
        <span data-testid="lead-picker-email" className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {chosen.email}
        </span>
      ) : null}
      {error ? <span className={css({ fontSize: 'xs', color: 'error', fontWeight: 'medium' })}>{error}</span> : null}
      {/* Not portalled: inside a modal dialog a portal would sit outside it, hidden from assistive tech. */}
      <Combobox.Positioner>
        <Combobox.Content className={floatingStyle}>
          {found.map((person) => (
            <Combobox.Item key={person.id} item={person} className={itemStyle}>
              <Combobox.ItemText className={css({ display: 'flex', flexDir: 'column', minW: 0 })}>
                <span>{person.name}</span>
                <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{person.email}</span>
              </Combobox.ItemText>
            </Combobox.Item>
          ))}
          {!found.length ? (
            <p className={css({ px: '3', py: '2', fontSize: 'sm', color: 'fg.muted' })}>
              {searching
                ? t('app.common.loading')
                : typed
                  ? t('app.money.leadPicker.none', { query: typed })
                  : t('app.money.leadPicker.type')}
            </p>
          ) : null}
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}
