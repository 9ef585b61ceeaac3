import { useSnapshot } from 'valtio';
import { css, cx } from '../../../styled-system/css';
import { LANGUAGES, type Language } from '../../shared/constants.ts';
import { changeLanguage, useTranslator } from '../i18n/translate.ts';
import { LANGUAGE_NAMES } from '../i18n/languages.ts';
import { toggleCompact, ui, type Mode } from '../state/ui.ts';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icons.tsx';
import { controlStyle } from '../ui/input.tsx';

/**
 * Language, dark mode and compact density: on the login screen and in the header. Native
 * controls on purpose: this is on the first screen, which must load little (no menu machine).
 * Signed in, the header passes `saveMode` so the mode is also saved on the user (SPEC.md §7).
 */
export function LookControls({ saveMode = (next) => void (ui.mode = next) }: { saveMode?: (mode: Mode) => unknown }) {
  const { t } = useTranslator();
  const { mode, compact, language } = useSnapshot(ui);
  const darkLabel = mode === 'dark' ? t('app.header.lightMode') : t('app.header.darkMode');
  return (
    <>
      {/* Never squeezed by a crowded header (a tablet's): the language must stay readable. */}
      <label className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', color: 'fg', flexShrink: '0' })}>
        <Icon name="globe" />
        <span className={css({ srOnly: true })}>{t('app.header.languageLabel')}</span>
        <select
          data-testid="language-select"
          value={language}
          onChange={(event) => void changeLanguage(event.target.value as Language)}
          className={cx(controlStyle, css({ w: 'auto', minH: '8', px: '2', fontSize: 'sm', cursor: 'pointer' }))}
        >
          {LANGUAGES.map((lang) => (
            <option key={lang} value={lang} lang={lang}>
              {LANGUAGE_NAMES[lang]}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={mode === 'dark'}
        aria-label={t('app.header.darkMode')}
        title={darkLabel}
        data-testid="toggle-dark"
        onClick={() => void saveMode(mode === 'dark' ? 'light' : 'dark')}
      >
        <Icon name={mode === 'dark' ? 'sun' : 'moon'} />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-pressed={compact}
        aria-label={t('app.header.compact')}
        title={t('app.header.compact')}
        data-testid="toggle-compact"
        onClick={toggleCompact}
      >
        <Icon name="density" />
      </Button>
    </>
  );
}
