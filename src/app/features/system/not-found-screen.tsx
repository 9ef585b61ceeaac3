import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { buttonRecipe } from '../../ui/button.tsx';

/** A page that cannot be shown: it does not exist (404), or the reader's role may not open it (403). */
function NoticeScreen({ code, kind }: { code: string; kind: 'notFound' | 'forbidden' }) {
  const { t } = useTranslation();
  return (
    <main className={css({ minH: '60vh', display: 'grid', placeItems: 'center', p: 'pad', textAlign: 'center' })}>
      <div className={css({ display: 'flex', flexDir: 'column', gap: 'gap', alignItems: 'center' })}>
        <p className={css({ fontSize: '5xl', fontWeight: 'bold', color: 'primary' })} aria-hidden>
          {code}
        </p>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'bold' })}>{t(`app.${kind}.title`)}</h1>
        <p className={css({ color: 'fg.muted' })}>{t(`app.${kind}.text`)}</p>
        <Link to="/" className={buttonRecipe({})}>
          {t('app.notFound.home')}
        </Link>
      </div>
    </main>
  );
}

export const NotFoundScreen = () => <NoticeScreen code="404" kind="notFound" />;
export const ForbiddenScreen = () => <NoticeScreen code="403" kind="forbidden" />;
