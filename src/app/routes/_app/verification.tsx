import { createFileRoute } from '@tanstack/react-router';
import { MyDocumentsScreen } from '../../features/leads/my-documents-screen.tsx';

export const Route = createFileRoute('/_app/verification')({ component: MyDocumentsScreen });
