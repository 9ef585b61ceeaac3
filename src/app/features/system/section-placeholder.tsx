import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { Card, PageHeader } from '../../ui/card.tsx';

/** Frame of a screen a later issue fills, so the sidebar never leads to a dead end. */
export function SectionPlaceholder({ section }: { section: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`app.nav.${section}`)} />
      <Card>
        <p className={css({ color: 'fg.muted' })}>{t('app.placeholder.text')}</p>
      </Card>
    </>
  );
}
