import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { LoginScreen } from '../features/auth/login-screen.tsx';
import { auth } from '../state/auth.ts';
import { login } from '../session/session.ts';
import { afterSignIn } from '../features/auth/after-sign-in.ts';

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  beforeLoad: () => {
    if (auth.user) throw redirect({ to: '/' });
  },
  component: function Login() {
    const { redirect: to } = Route.useSearch();
    const navigate = useNavigate();
    return (
      <LoginScreen
        signIn={async ({ email, password }) => {
          await login(email, password);
          await navigate({ href: afterSignIn(to) });
        }}
      />
    );
  },
});
