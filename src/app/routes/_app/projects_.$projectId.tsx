import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { InvestmentsScreen } from '../../features/investments/investments-screen.tsx';
import { LeadPicker } from '../../features/money/lead-picker.tsx';
import { ProjectPage } from '../../features/projects/project-page.tsx';
import type { ListState } from '../../lists/list-state.ts';

/** Staff: the investments made by subscribing to the project, the investments list filtered on it. */
function ProjectSubscriptions({ projectId }: { projectId: string }) {
  const [state, setState] = useState<ListState>({});
  return <InvestmentsScreen state={state} onStateChange={setState} projectId={projectId} />;
}

export const Route = createFileRoute('/_app/projects_/$projectId')({
  component: function Project() {
    const { projectId } = Route.useParams();
    // A new id means a new page: no choice or signature carried over from the previous project.
    return <ProjectPage key={projectId} projectId={projectId} LeadPicker={LeadPicker} Subscriptions={ProjectSubscriptions} />;
  },
});
