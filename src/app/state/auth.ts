import { proxy } from 'valtio';
import type { UserRecord } from '../../shared/entities/user.ts';
import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage.ts';

export type CurrentUser = UserRecord;

export type AuthState = {
  token: string | null;
  /** The admin's own token while they act as someone else (SPEC.md §4). */
  previousToken: string | null;
  user: CurrentUser | null;
  /** Set by check-auth when the current token is an impersonation token. */
  impersonatorId: string | null;
};

export const auth = proxy<AuthState>({
  token: readJson<string | null>(STORAGE_KEYS.token, null),
  previousToken: readJson<string | null>(STORAGE_KEYS.previousToken, null),
  user: readJson<CurrentUser | null>(STORAGE_KEYS.user, null),
  impersonatorId: null,
});

export function setToken(token: string | null): void {
  auth.token = token;
  writeJson(STORAGE_KEYS.token, token);
}

/** Kept in storage too, so an installed app opened offline still knows who was signed in. */
export function setUser(user: CurrentUser | null): void {
  auth.user = user;
  writeJson(STORAGE_KEYS.user, user);
}

export function signedIn(token: string, user: CurrentUser | null): void {
  setToken(token);
  setUser(user);
}

/** Logout clears the token and the previous token (SPEC.md §4). */
export function clearAuth(): void {
  setToken(null);
  auth.previousToken = null;
  writeJson(STORAGE_KEYS.previousToken, null);
  auth.impersonatorId = null;
  setUser(null);
}

/** Impersonation: the current token becomes the previous one and the new one takes over. */
export function switchToImpersonation(token: string): void {
  auth.previousToken = auth.token;
  writeJson(STORAGE_KEYS.previousToken, auth.token);
  setToken(token);
}

/** Restoring swaps back to the saved token; returns false when there is nothing to restore. */
export function restorePreviousToken(): boolean {
  if (!auth.previousToken) return false;
  setToken(auth.previousToken);
  auth.previousToken = null;
  writeJson(STORAGE_KEYS.previousToken, null);
  auth.impersonatorId = null;
  return true;
}

export const isImpersonating = (state: Pick<AuthState, 'previousToken' | 'impersonatorId'>) =>
  Boolean(state.previousToken || state.impersonatorId);
