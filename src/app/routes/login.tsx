import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginScreen } from '../features/auth/login-screen.tsx';
import { auth } from '../state/auth.ts';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: () => {
    if (auth.user) throw redirect({ to: '/' });
  },
  component: function Login() {
    const { redirect: to } = Route.useSearch();
    return <LoginScreen redirect={to} />;
  },
});
