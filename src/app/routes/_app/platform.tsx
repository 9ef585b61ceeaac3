import { createFileRoute } from '@tanstack/react-router';
import { SectionPlaceholder } from '../../features/system/section-placeholder.tsx';

export const Route = createFileRoute('/_app/platform')({ component: () => <SectionPlaceholder section="platform" /> });
