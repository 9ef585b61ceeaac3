import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { errorMessage } from '../../api/http.ts';
import { Button } from '../../ui/button.tsx';

/** Shown by the router when a screen throws; the message follows the SPEC.md §8 rule. */
export function ErrorScreen({ error, reset }: { error: unknown; reset?: () => void }) {
  const { t } = useTranslation();
  return (
    <main role="alert" className={css({ minH: '60vh', display: 'grid', placeItems: 'center', p: 'pad', textAlign: 'center' })}>
      <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap', alignItems: 'center', maxW: 'lg' })}>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{t('app.error.title')}</h1>
        <p className={css({ color: 'fg.muted' })}>{errorMessage(error)}</p>
        <div className={css({ display: 'flex', gap: '2' })}>
          {reset ? <Button onClick={reset}>{t('app.common.retry')}</Button> : null}
          <Button variant="outline" onClick={() => window.location.assign('/')}>
            {t('app.notFound.home')}
          </Button>
        </div>
      </div>
    </main>
  );
}
