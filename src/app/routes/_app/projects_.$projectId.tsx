import { createFileRoute } from '@tanstack/react-router';
import { LeadPicker } from '../../features/money/lead-picker.tsx';
import { ProjectPage } from '../../features/projects/project-page.tsx';

export const Route = createFileRoute('/_app/projects_/$projectId')({
  component: function Project() {
    const { projectId } = Route.useParams();
    // A new id means a new page: no choice or signature carried over from the previous project.
    return <ProjectPage key={projectId} projectId={projectId} LeadPicker={LeadPicker} />;
  },
});
