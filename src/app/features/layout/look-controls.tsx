import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { LANGUAGES } from '../../../shared/constants.ts';
import { setLanguage } from '../../i18n/i18n.ts';
import { LANGUAGE_NAMES } from '../../i18n/languages.ts';
import { toggleCompact, ui } from '../../state/ui.ts';
import { Button } from '../../ui/button.tsx';
import { Menu } from '../../ui/menu.tsx';
import { Tooltip } from '../../ui/tooltip.tsx';
import { saveOwnMode } from '../profile/profile-actions.ts';
import { Icon } from '../../ui/icons.tsx';
import { css } from '../../../../styled-system/css';

/** Language, dark mode and compact density: on the login screen and in the header. */
export function LookControls() {
  const { t } = useTranslation();
  const { mode, compact, language } = useSnapshot(ui);
  return (
    <>
      <Menu
        trigger={
          <Button variant="ghost" size="sm" data-testid="language-menu" title={t('app.header.language', { language: LANGUAGE_NAMES[language] })}>
            <Icon name="globe" />
            {/* The visible code stays part of the accessible name (WCAG 2.5.3). */}
            <span className={css({ srOnly: true })}>{t('app.header.languageLabel')}</span>
            <abbr title={LANGUAGE_NAMES[language]} className={css({ textDecoration: 'none' })} lang={language}>
              {language.toUpperCase()}
            </abbr>
          </Button>
        }
        items={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang], onSelect: () => void setLanguage(lang) }))}
      />
      <Tooltip content={mode === 'dark' ? t('app.header.lightMode') : t('app.header.darkMode')}>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={mode === 'dark'}
          aria-label={t('app.header.darkMode')}
          data-testid="toggle-dark"
          onClick={() => void saveOwnMode(mode === 'dark' ? 'light' : 'dark')}
        >
          <Icon name={mode === 'dark' ? 'sun' : 'moon'} />
        </Button>
      </Tooltip>
      <Tooltip content={t('app.header.compact')}>
        <Button variant="ghost" size="sm" aria-pressed={compact} aria-label={t('app.header.compact')} data-testid="toggle-compact" onClick={toggleCompact}>
          <Icon name="density" />
        </Button>
      </Tooltip>
    </>
  );
}
