import { auth } from '../state/auth.ts';
import { ui } from '../state/ui.ts';
import { takeEarly } from './early-requests.ts';
import { createHttp } from './http.ts';

/**
 * The app's one HTTP client: reads the token and local language from the stores at call time; a
 * start-up request already on its way (session/start-requests.ts) is taken instead of sent twice.
 */
export const http = createHttp({
  getToken: () => auth.token,
  getLocalLanguage: () => ui.localLanguage,
  fetch: (input, init) => takeEarly(input, init) ?? globalThis.fetch(input, init),
});
