import type { Config } from '../config.ts';
import { depositBankAnswerJob, depositExpiryJob } from '../features/deposits/deposit-jobs.ts';
import { changeLogCompactionJob } from '../features/sync/compaction.ts';
import { housekeepingJob } from '../http/housekeeping-job.ts';
import type { JobDefinition } from './define-job.ts';

/** Every job of the scheduler; a vertical adds its own here (3-D Secure expiry, dividends, settlement …). */
export const schedulerJobs = (config: Pick<Config, 'changeLogRetentionDays'>): readonly JobDefinition[] => [
  depositBankAnswerJob,
  depositExpiryJob,
  changeLogCompactionJob(config.changeLogRetentionDays),
  housekeepingJob(config.changeLogRetentionDays),
];
