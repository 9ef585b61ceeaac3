import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../shell/app-layout.tsx';
import { auth } from '../state/auth.ts';

/** Every screen but login lives in the layout and needs a signed-in user. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!auth.user) throw redirect({ to: '/login', search: location.href === '/' ? {} : { redirect: location.href } });
  },
  component: AppLayout,
});
