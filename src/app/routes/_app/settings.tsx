import { createFileRoute } from '@tanstack/react-router';
import { AccountSettingsScreen } from '../../features/settings/account-settings-screen.tsx';

export const Route = createFileRoute('/_app/settings')({ component: AccountSettingsScreen });
