import { auth } from '../state/auth.ts';
import { ui } from '../state/ui.ts';
import { createHttp } from './http.ts';

/** The app's one HTTP client: reads the token and local language from the stores at call time. */
export const http = createHttp({
  getToken: () => auth.token,
  getLocalLanguage: () => ui.localLanguage,
});
