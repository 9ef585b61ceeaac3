import { proxy, subscribe } from 'valtio';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage.ts';
import type { ListState } from './list-state.ts';

export type SavedView = { name: string; state: Omit<ListState, 'view'> };

/** Saved views per entity, persisted in localStorage (they are per device, like column choices). */
export const savedViews = proxy<Record<string, SavedView[]>>(readJson(STORAGE_KEYS.views, {}));
subscribe(savedViews, () => writeJson(STORAGE_KEYS.views, savedViews));

export function saveView(entity: string, name: string, state: ListState): void {
  const { view: _view, ...rest } = state;
  const others = (savedViews[entity] ?? []).filter((v) => v.name !== name);
  savedViews[entity] = [...others, { name, state: rest }];
}

export function deleteView(entity: string, name: string): void {
  savedViews[entity] = (savedViews[entity] ?? []).filter((v) => v.name !== name);
}
