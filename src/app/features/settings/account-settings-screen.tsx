import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { css } from '../../../../styled-system/css';
import { mayDo } from '../../../shared/access.ts';
import { isRoot } from '../../../shared/roles.ts';
import { auth } from '../../state/auth.ts';
import { setTab } from '../../state/ui.ts';
import { Card, PageHeader } from '../../ui/card.tsx';
import { Tabs, type TabItem } from '../../ui/tabs.tsx';
import { COMPANY_FIELDS, MONEY_FIELDS, SettingsPartForm, TAG_FIELDS } from './company-form.tsx';
import { BinaryOptionsForm, FourEyesForm } from './four-eyes-form.tsx';
import { LogoForm } from './logo-form.tsx';
import { PasswordForm } from './password-form.tsx';
import type { ReactNode } from 'react';

/** Account settings (SPEC.md §2): company parts for admins, the password for everyone. */
/** `documents` is the verification feature's tab, composed in by the route. */
export function AccountSettingsScreen({ documents }: { documents?: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSnapshot(auth);
  const admin = mayDo(user?.roles ?? [], 'settings.update');
  const items: TabItem[] = [
    ...(admin
      ? [
          {
            value: 'company',
            label: t('app.settings.company'),
            content: (
              <Card>
                <SettingsPartForm fields={COMPANY_FIELDS} title={t('app.settings.company')} withTheme />
              </Card>
            ),
          },
          {
            value: 'labels',
            label: t('app.settings.labels'),
            content: (
              <Card>
                <SettingsPartForm fields={TAG_FIELDS} title={t('app.settings.labels')} />
              </Card>
            ),
          },
          {
            value: 'money',
            label: t('app.settings.money'),
            content: (
              <Card>
                <p className={css({ fontSize: 'sm', color: 'fg.muted', mb: '4' })}>{t('app.settings.moneyText')}</p>
                <SettingsPartForm fields={MONEY_FIELDS} title={t('app.settings.money')} />
                <div className={css({ mt: '6' })}>
                  <BinaryOptionsForm />
                </div>
              </Card>
            ),
          },
          {
            value: 'logo',
            label: t('app.settings.logo'),
            content: (
              <Card>
                <LogoForm />
              </Card>
            ),
          },
        ]
      : []),
    // Four eyes on money (DESIGN.md §6) is root's alone to switch.
    ...(isRoot(user?.roles ?? [])
      ? [
          {
            value: 'fourEyes',
            label: t('app.settings.fourEyes'),
            content: (
              <Card>
                <FourEyesForm />
              </Card>
            ),
          },
        ]
      : []),
    {
      value: 'password',
      label: t('app.settings.password'),
      content: (
        <Card>
          <PasswordForm />
        </Card>
      ),
    },
    ...(documents ? [{ value: 'documents', label: t('app.settings.documents'), content: <Card>{documents}</Card> }] : []),
  ];
  const [tab, setTabValue] = useState(items[0]?.value ?? 'password');
  return (
    <>
      <PageHeader title={t('app.settings.title')} />
      <div className={css({ maxW: '5xl' })}>
        <Tabs
          label={t('app.settings.title')}
          items={items}
          value={tab}
          onChange={(value) => {
            setTabValue(value);
            setTab({ key: value, label: t(`app.settings.${value}`) });
          }}
        />
      </div>
    </>
  );
}
