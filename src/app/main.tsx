import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { initI18n } from './i18n/i18n.ts';
import { startLookSync } from './features/session/look.ts';
import { wireRealtime } from './features/session/realtime-wiring.ts';
import { startSession } from './features/session/session.ts';
import { router } from './router.ts';

/** Start-up (SPEC.md §1): language, then authentication and settings, then the first render. */
async function main(): Promise<void> {
  startLookSync();
  wireRealtime();
  await Promise.all([initI18n(), startSession()]);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void main();
