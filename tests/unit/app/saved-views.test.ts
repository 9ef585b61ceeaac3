import { describe, expect, test } from 'vitest';
import { deleteView, saveView, savedViews, viewsOf } from '../../../src/app/lists/saved-views.ts';

describe('saved views are private to each user', () => {
  test("a view saved by one user is not in the next user's menu on the same device", () => {
    saveView('admin-1', 'user', 'Hot leads', { q: 'hot', cols: ['firstName', 'email'] });
    expect(viewsOf(savedViews, 'admin-1', 'user').map((v) => v.name)).toEqual(['Hot leads']);
    expect(viewsOf(savedViews, 'regular-2', 'user')).toEqual([]);
    expect(viewsOf(savedViews, undefined, 'user')).toEqual([]);
    saveView('regular-2', 'user', 'Hot leads', { q: 'mine' });
    deleteView('regular-2', 'user', 'Hot leads');
    expect(viewsOf(savedViews, 'admin-1', 'user')[0]?.state).toEqual({ q: 'hot', cols: ['firstName', 'email'] });
    expect(viewsOf(savedViews, 'regular-2', 'user')).toEqual([]);
  });
});
