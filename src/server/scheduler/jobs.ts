import type { Config } from '../config.ts';
import { depositBankAnswerJob, depositExpiryJob } from '../features/deposits/deposit-jobs.ts';
import { changeLogCompactionJob } from '../features/sync/compaction.ts';
import { housekeepingJob } from '../http/housekeeping-job.ts';
import { tradingJobs } from '../trading/orders/jobs.ts';
import type { PriceFeed } from '../trading/price-feed.ts';
import { dividendJob } from '../wealth/dividend-job.ts';
import { offerExpiryJob } from '../vault/offer-expiry-job.ts';
import type { AnyJob } from './define-job.ts';

/** Every job of the scheduler; a vertical adds its own here (3-D Secure expiry, dividends, settlement …). */
export const schedulerJobs = (config: Pick<Config, 'changeLogRetentionDays'>, feed: () => PriceFeed): readonly AnyJob[] => [
  depositBankAnswerJob,
  depositExpiryJob,
  changeLogCompactionJob(config.changeLogRetentionDays),
  housekeepingJob(config.changeLogRetentionDays),
  dividendJob,
  ...tradingJobs(feed),
  offerExpiryJob,
];
