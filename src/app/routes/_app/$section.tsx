import { createFileRoute } from '@tanstack/react-router';
import { SIDEBAR_KEYS } from '../../shell/nav-items.ts';
import { NotFoundScreen } from '../../features/system/not-found-screen.tsx';
import { SectionPlaceholder } from '../../features/system/section-placeholder.tsx';

/** Sidebar sections whose screens later issues add as their own routes (which then win). */
export const Route = createFileRoute('/_app/$section')({
  component: function Section() {
    const { section } = Route.useParams();
    return SIDEBAR_KEYS.has(section) ? <SectionPlaceholder section={section} /> : <NotFoundScreen />;
  },
});
