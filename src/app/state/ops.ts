import { proxy } from 'valtio';
import { toApiError, type ApiError } from '../api/http.ts';
import { showToast } from './ui.ts';

export type OpStatus = 'idle' | 'loading' | 'succeeded' | 'failed';
export type OpState = { status: OpStatus; error: ApiError | null };

/** Status of every async operation by name (SPEC.md §4: failures are stored per operation); a name absent here is idle. */
export const ops = proxy<Record<string, OpState>>({});

export const opState = (name: string): OpState => ops[name] ?? { status: 'idle', error: null };

export type RunOptions = {
  /** Builds the toast text from the error (e.g. 'Failed to upload logo'), or false when the screen says it itself; the error's own text otherwise. */
  toast?: ((error: ApiError) => string | false) | false;
};

/** Runs `work` as operation `name`: loading → succeeded | failed; a failure is kept and toasted. */
export async function runOp<T>(name: string, work: () => Promise<T>, options: RunOptions = {}): Promise<T> {
  ops[name] = { status: 'loading', error: null };
  try {
    const result = await work();
    ops[name] = { status: 'succeeded', error: null };
    return result;
  } catch (cause) {
    const error = toApiError(cause);
    ops[name] = { status: 'failed', error };
    const text = options.toast === false ? false : options.toast ? options.toast(error) : error.message;
    if (text !== false) showToast(text, 'error');
    throw error;
  }
}
