import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { buttonRecipe } from '../../ui/button.tsx';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <main className={css({ minH: '60vh', display: 'grid', placeItems: 'center', p: 'pad', textAlign: 'center' })}>
      <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap', alignItems: 'center' })}>
        <p className={css({ fontSize: '5xl', fontWeight: 'bold', color: 'primary' })} aria-hidden>
          404
        </p>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{t('app.notFound.title')}</h1>
        <p className={css({ color: 'fg.muted' })}>{t('app.notFound.text')}</p>
        <Link to="/" className={buttonRecipe({})}>
          {t('app.notFound.home')}
        </Link>
      </div>
    </main>
  );
}
