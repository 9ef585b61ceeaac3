import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useNavigate } from '@tanstack/react-router';
import { css } from '../../../../styled-system/css';
import { mayOn } from '../../../shared/access.ts';
import { isStaff } from '../../../shared/roles.ts';
import { useRecords } from '../../data/use-records.ts';
import { formatMoney, formatNumber } from '../../i18n/format.ts';
import { auth } from '../../state/auth.ts';
import { ui } from '../../state/ui.ts';
import { Button } from '../../ui/button.tsx';
import { PageHeader } from '../../ui/card.tsx';
import { ProjectFormDialog, type ProjectRecord } from './project-form-dialog.tsx';

/**
 * Projects as cards (DESIGN.md §13): image, rentability, duration and minimum, each opening the
 * project with its calculator. Everyone reads them; admins add them. Read from the mirror offline.
 */
export function ProjectsScreen({ Subscriptions }: { Subscriptions?: ComponentType } = {}) {
  const { t } = useTranslation();
  const { localLanguage } = useSnapshot(ui);
  const roles = useSnapshot(auth).user?.roles ?? [];
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const { rows, error } = useRecords('project', { limit: 100, sorts: [{ field: 'name', order: 'asc' }] });
  const projects = rows as unknown as ProjectRecord[];
  const lang = (['en', 'fr', 'de'] as const).find((l) => localLanguage.startsWith(l)) ?? 'en';
  return (
    <>
      <PageHeader
        title={t('app.projects.title')}
        actions={
          mayOn(roles, 'project', 'create') ? (
            <Button size="sm" onClick={() => setCreating(true)} data-testid="new-project">
              {t('app.projects.new')}
            </Button>
          ) : null
        }
      />
      {error ? <p role="alert">{error.message}</p> : null}
      {!projects.length && !error ? <p className={css({ color: 'fg.muted' })}>{t('app.projects.empty')}</p> : null}
      <ul
        className={css({
          display: 'grid',
          gap: 'gap',
          gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(3, minmax(0, 1fr))' },
          listStyle: 'none',
          p: '0',
        })}
        data-testid="project-cards"
      >
        {projects.map((project) => (
          <li key={project.id}>
            <Link
              to="/projects/$projectId"
              params={{ projectId: project.id }}
              className={css({
                display: 'flex',
                flexDir: 'column',
                h: 'full',
                bg: 'surface',
                borderWidth: '1px',
                borderColor: 'border',
                borderRadius: 'lg',
                overflow: 'hidden',
                color: 'inherit',
                textDecoration: 'none',
                _hover: { borderColor: 'accent' },
                _focusVisible: { outline: '2px solid', outlineColor: 'accent' },
              })}
            >
              <img src={project.image} alt="" className={css({ w: 'full', h: '36', objectFit: 'cover', bg: 'bg.muted' })} />
              <div className={css({ p: 'pad', display: 'flex', flexDir: 'column', gap: '2' })}>
                <h2 className={css({ fontSize: 'lg', fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{project.name}</h2>
                <p className={css({ fontSize: 'sm', color: 'fg.muted', lineClamp: 2, overflowWrap: 'anywhere' })}>
                  {project.description[lang]}
                </p>
                <p className={css({ display: 'flex', flexWrap: 'wrap', gap: '1 3', fontSize: 'sm', fontWeight: 'medium' })}>
                  <span>{t('app.projects.rentability', { rate: formatNumber(project.rentability) })}</span>
                  <span>{t('app.projects.durationMonths', { count: project.duration })}</span>
                  <span>{t('app.projects.minimum', { amount: formatMoney(project.minimumAmount) })}</span>
                </p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      {Subscriptions && isStaff(roles) ? (
        <section aria-label={t('app.projects.subscriptions')} data-testid="projects-subscriptions" className={css({ mt: 'gap' })}>
          <Subscriptions />
        </section>
      ) : null}
      {creating ? (
        <ProjectFormDialog
          onClose={() => setCreating(false)}
          onSaved={(id) => {
            setCreating(false);
            void navigate({ to: '/projects/$projectId', params: { projectId: id } });
          }}
        />
      ) : null}
    </>
  );
}
