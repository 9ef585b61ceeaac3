import { Outlet, createFileRoute, redirect, useLocation } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { mayOpen } from '../../shared/access.ts';
import { AppLayout } from '../shell/app-layout.tsx';
import { screenOfPath } from '../shell/nav-items.ts';
import { ForbiddenScreen } from '../features/system/not-found-screen.tsx';
import { auth } from '../state/auth.ts';

/** Every screen but login lives in the layout and needs a signed-in user whose role may open it. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!auth.user) throw redirect({ to: '/login', search: location.href === '/' ? {} : { redirect: location.href } });
  },
  component: function App() {
    const roles = useSnapshot(auth).user?.roles ?? [];
    const screen = screenOfPath(useLocation({ select: (l) => l.pathname }));
    // Typed or followed, a screen the role may not open says so: it never shows controls the server refuses.
    return <AppLayout>{screen && !mayOpen(roles, screen) ? <ForbiddenScreen /> : <Outlet />}</AppLayout>;
  },
});
