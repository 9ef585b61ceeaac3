import { proxy, subscribe } from 'valtio';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage.ts';
import type { ListState } from './list-state.ts';

export type SavedView = { name: string; state: Omit<ListState, 'view'> };

/**
 * Saved views (with their column choices and filters) per user, then per entity, kept in
 * localStorage: private to the person who saved them, even when several share one device.
 */
export const savedViews = proxy<Record<string, Record<string, SavedView[]>>>(readJson(STORAGE_KEYS.views, {}));
subscribe(savedViews, () => writeJson(STORAGE_KEYS.views, savedViews));

type ViewsSnapshot = { readonly [userId: string]: { readonly [entity: string]: readonly unknown[] } | undefined };

export const viewsOf = (views: ViewsSnapshot, userId: string | undefined, entity: string): readonly SavedView[] =>
  ((userId && views[userId]?.[entity]) || []) as readonly SavedView[];

export function saveView(userId: string, entity: string, name: string, state: ListState): void {
  const { view: _view, ...rest } = state;
  const mine = (savedViews[userId] ??= {});
  mine[entity] = [...(mine[entity] ?? []).filter((v) => v.name !== name), { name, state: rest }];
}

export function deleteView(userId: string, entity: string, name: string): void {
  const mine = savedViews[userId];
  if (mine) mine[entity] = (mine[entity] ?? []).filter((v) => v.name !== name);
}
