import { proxy, subscribe } from 'valtio';
import type { Language, ThemeColor } from '../../shared/constants.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage.ts';

export type Mode = 'light' | 'dark';
export type ToastType = 'info' | 'success' | 'warning' | 'error';
export type Toast = { message: string; type: ToastType; visible: boolean };
export type NavItem = { label: string; key: string };
export type SidebarItem = NavItem & { nested?: boolean };

export type UiState = {
  /** The colour in use: the user's theme, else the setting theme, else purple. */
  color: ThemeColor;
  mode: Mode;
  compact: boolean;
  language: Language;
  /** Drives Intl formatting and the x-lang header (default en-US). */
  localLanguage: string;
  /** The user whose mode was chosen here and is not yet saved on them (offline: session/profile-actions.ts). */
  modeUnsavedFor: string | null;
  toast: Toast;
  nav: { tab: NavItem | null; sidebar: SidebarItem | null };
};

export const TOAST_MS = 5_000;

const DEFAULTS = {
  color: 'purple',
  mode: 'light',
  compact: false,
  language: 'en',
  localLanguage: 'en-US',
  modeUnsavedFor: null as string | null,
} as const;
type Persisted = Pick<UiState, 'color' | 'mode' | 'compact' | 'language' | 'localLanguage' | 'modeUnsavedFor'>;

export const ui = proxy<UiState>({
  ...DEFAULTS,
  ...readJson<Partial<Persisted>>(STORAGE_KEYS.ui, {}),
  toast: { message: '', type: 'info', visible: false },
  nav: { tab: null, sidebar: null },
});

// public/boot.js reads the same key to paint the right look before the app starts.
subscribe(ui, () => {
  const { color, mode, compact, language, localLanguage, modeUnsavedFor } = ui;
  writeJson(STORAGE_KEYS.ui, { color, mode, compact, language, localLanguage, modeUnsavedFor } satisfies Persisted);
});

let toastTimer: ReturnType<typeof setTimeout> | undefined;

/** A toast shows a message and a type for 5 seconds (SPEC.md §8). */
export function showToast(message: string, type: ToastType = 'info'): void {
  clearTimeout(toastTimer);
  ui.toast = { message, type, visible: true };
  toastTimer = setTimeout(hideToast, TOAST_MS);
}

export function hideToast(): void {
  clearTimeout(toastTimer);
  ui.toast = { ...ui.toast, visible: false };
}

export const toggleMode = () => {
  ui.mode = ui.mode === 'dark' ? 'light' : 'dark';
};
export const toggleCompact = () => {
  ui.compact = !ui.compact;
};
export const setTab = (tab: NavItem | null) => {
  ui.nav.tab = tab;
};
export const setSidebarItem = (item: SidebarItem | null) => {
  ui.nav.sidebar = item;
};
