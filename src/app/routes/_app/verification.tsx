import { createFileRoute } from '@tanstack/react-router';
import { MyDocumentsScreen } from '../../features/verification/my-documents-screen.tsx';

export const Route = createFileRoute('/_app/verification')({ component: MyDocumentsScreen });
