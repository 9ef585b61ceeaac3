import { createFileRoute } from '@tanstack/react-router';
import { CategoriesScreen } from '../../features/catalogue/categories-screen.tsx';
import { parseListState } from '../../lists/list-state.ts';

export const Route = createFileRoute('/_app/product-categories')({
  validateSearch: (search: Record<string, unknown>) => parseListState(search),
  component: function ProductCategories() {
    const navigate = Route.useNavigate();
    return <CategoriesScreen state={Route.useSearch()} onStateChange={(search) => void navigate({ search, replace: true })} />;
  },
});
