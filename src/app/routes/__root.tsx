import { Outlet, createRootRoute } from '@tanstack/react-router';
import { ErrorScreen } from '../features/system/error-screen.tsx';
import { NotFoundScreen } from '../features/system/not-found-screen.tsx';
import { UpdatePrompt } from '../pwa/update-prompt.tsx';
import { ToastViewport } from '../ui/toast.tsx';

export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <ToastViewport />
      <UpdatePrompt />
    </>
  ),
  notFoundComponent: NotFoundScreen,
  errorComponent: ({ error, reset }) => <ErrorScreen error={error} reset={reset} />,
});
