// First: the start-up requests leave before the rest of the app's code is evaluated.
import './session/start-requests.ts';
import './index.css';
import { createRoot } from 'react-dom/client';
import { startLoginPage } from './features/auth/login-page.tsx';
import { startLookSync } from './session/look.ts';
import { auth } from './state/auth.ts';

// Where start-up's time goes, printed by `BENCH_DETAIL=1 npx tsx tests/bench/client.bench.ts`.
performance.mark('bd:main');
startLookSync();
const element = document.getElementById('root');
if (!element) throw new Error('#root is missing from index.html');
const root = createRoot(element);

// The app (router, route tree, http client, offline engine, whole catalogues) is its own chunk.
const loadApp = () => import('./app.tsx');

if (auth.token) {
  void loadApp().then((app) => app.startApp(root));
} else {
  // No token kept: every path ends on the login screen, which shows without the app's code. The
  // app downloads once someone starts using the form, so signing in rarely waits for it.
  for (const type of ['focusin', 'pointerdown']) element.addEventListener(type, () => void loadApp(), { once: true });
  void startLoginPage(root, {
    signIn: async ({ email, password }, target) => (await loadApp()).signInAndStart(root, email, password, target),
    startApp: async () => (await loadApp()).startApp(root),
  });
}
