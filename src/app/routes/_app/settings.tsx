import { createFileRoute } from '@tanstack/react-router';
import { AccountSettingsScreen } from '../../features/settings/account-settings-screen.tsx';
import { VerificationSettingsTab } from '../../features/verification/verification-settings-tab.tsx';

export const Route = createFileRoute('/_app/settings')({
  component: function Settings() {
    return <AccountSettingsScreen documents={<VerificationSettingsTab />} />;
  },
});
