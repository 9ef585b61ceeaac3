import { depositBankAnswerJob, depositExpiryJob } from '../features/deposits/deposit-jobs.ts';
import type { JobDefinition } from './define-job.ts';

/** Every job of the scheduler; a vertical adds its own here (3-D Secure expiry, dividends, settlement …). */
export const JOBS: readonly JobDefinition[] = [depositBankAnswerJob, depositExpiryJob];
