import { sendEarly } from '../api/early-requests.ts';

// Imported first by main.tsx, so it runs before the rest of the app's code is evaluated: start-up's
// check of authentication and its settings (SPEC.md §1) are on the wire while that code runs, and
// session.ts / settings-actions.ts take their answers through the http client.
sendEarly(['/api/v1/auth/check-auth', '/api/v1/setting']);
