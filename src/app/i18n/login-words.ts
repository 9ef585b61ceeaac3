// Only the words the login screen shows, in every language (a few hundred bytes, not the whole
// English catalogue): vite.config.ts localeWords() picks them from locales/*.json at build time.
// A key missing here shows as the key itself on the login screen; e2e tests/e2e/auth.test.ts reads them.
import words from 'virtual:locale-words/app.login,app.fields.email,app.fields.password,app.sync.needsConnection.login,app.header.languageLabel,app.header.darkMode,app.header.lightMode,app.header.compact,app.pwa,validation.email,validation.required,errors.OFFLINE,errors.NETWORK,errors.INVALID_CREDENTIALS,errors.ACCOUNT_LOCKED,errors.RATE_LIMITED,errors.VALIDATION,errors.FORBIDDEN,errors.INTERNAL';

export const LOGIN_WORDS = words;
