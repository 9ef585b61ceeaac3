import { createFileRoute } from '@tanstack/react-router';
import { SyncIssuesScreen } from '../../features/sync/sync-issues-screen.tsx';

export const Route = createFileRoute('/_app/sync-issues')({ component: SyncIssuesScreen });
