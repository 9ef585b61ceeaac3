import { useTranslation } from 'react-i18next';
import { css } from '../../../../styled-system/css';
import { SANDBOX_SECURE_CODE, TEST_CARDS } from '../../../shared/money/test-cards.ts';
import { Card } from '../../ui/card.tsx';

/** The sandbox gateway's test cards (DESIGN.md §6), shown on the deposit screen in sandbox mode only. */
export function TestCardsPanel() {
  const { t } = useTranslation();
  return (
    <Card title={t('app.money.testCards.title')}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t('app.money.testCards.explain', { code: SANDBOX_SECURE_CODE })}</p>
      <table className={css({ w: 'full', fontSize: 'sm', borderCollapse: 'collapse' })} data-testid="test-cards">
        <thead>
          <tr className={css({ textAlign: 'start', color: 'fg.muted' })}>
            <th scope="col" className={css({ textAlign: 'start', py: '1' })}>
              {t('app.fields.cardNumber')}
            </th>
            <th scope="col" className={css({ textAlign: 'start', py: '1' })}>
              {t('app.money.testCards.behaviour')}
            </th>
          </tr>
        </thead>
        <tbody>
          {TEST_CARDS.map((card) => (
            <tr key={card.number} className={css({ borderTopWidth: '1px', borderColor: 'border' })}>
              <td className={css({ py: '1.5', pe: '3', fontFamily: 'mono', whiteSpace: 'nowrap' })}>{card.number}</td>
              <td className={css({ py: '1.5' })}>{t(`app.money.testCards.behaviours.${card.behaviour}`, { code: SANDBOX_SECURE_CODE })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
