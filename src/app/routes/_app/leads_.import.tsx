import { createFileRoute } from '@tanstack/react-router';
import { ImportScreen } from '../../features/leads/import-screen.tsx';

export const Route = createFileRoute('/_app/leads_/import')({ component: ImportScreen });
