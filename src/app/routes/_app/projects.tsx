import { useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { InvestmentsScreen } from '../../features/investments/investments-screen.tsx';
import { ProjectsScreen } from '../../features/projects/projects-screen.tsx';
import type { ListState } from '../../lists/list-state.ts';

/** Staff: every investment made by subscribing to a project, the investments list filtered on them. */
function AllSubscriptions() {
  const [state, setState] = useState<ListState>({});
  return <InvestmentsScreen state={state} onStateChange={setState} projectId />;
}

export const Route = createFileRoute('/_app/projects')({ component: () => <ProjectsScreen Subscriptions={AllSubscriptions} /> });
