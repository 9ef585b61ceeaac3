import { z } from 'zod';
import { adjustmentEntity } from '../entities/adjustment.ts';
import { depositEntity } from '../entities/deposit.ts';
import { cardDepositInput, secureCodeInput } from '../money/card-deposit.ts';
import {
  adjustmentSchema,
  availableFundsAnswer,
  capitalAnswer,
  ledgerCheckAnswer,
  statementAnswer,
  statementQuerySchema,
} from '../money/funds.ts';
import { depositStatsAnswer, statsQuery, withdrawalStatsAnswer } from '../money/stats.ts';
import { apiErrorSchema, errorResponses, idParams } from './common.ts';

/** 422: a refused transition, missing money, a wrong 3-D Secure code (with the tries left). */
const moneyErrors = { ...errorResponses, 422: apiErrorSchema } as const;

/** `GET /api/v1/deposit/gateway`: which gateway serves card deposits (the screen lists a sandbox's test cards). */
export const depositGatewayContract = {
  response: { 200: z.object({ name: z.string(), sandbox: z.boolean() }), ...errorResponses },
};

/** `POST /api/v1/deposit/3d-secure`: the deposit completed, awaiting 3-D Secure or failed; never the card. */
export const cardDepositContract = {
  body: cardDepositInput,
  response: { 201: depositEntity.record, ...moneyErrors },
};

/** `POST /api/v1/deposit/:id/confirm-3d-secure`. */
export const confirmSecureCodeContract = {
  params: idParams,
  body: secureCodeInput,
  response: { 200: depositEntity.record, ...moneyErrors },
};

/** `GET /api/v1/deposit/stats` and `GET /api/v1/withdrawal/stats` (SPEC.md §7). */
export const moneyStatsContracts = {
  deposit: { querystring: statsQuery, response: { 200: depositStatsAnswer, ...errorResponses } },
  withdrawal: { querystring: statsQuery, response: { 200: withdrawalStatsAnswer, ...errorResponses } },
};

/** `GET /api/v1/funds/available/:id`. */
export const availableFundsContract = { params: idParams, response: { 200: availableFundsAnswer, ...errorResponses } };

/** `GET /api/v1/funds/capital/:id`. */
export const capitalContract = { params: idParams, response: { 200: capitalAnswer, ...errorResponses } };

/** `GET /api/v1/funds/statement/:id`. */
export const statementContract = {
  params: idParams,
  querystring: statementQuerySchema,
  response: { 200: statementAnswer, ...errorResponses },
};

/** `GET /api/v1/funds/check` (admin). */
export const ledgerCheckContract = { response: { 200: ledgerCheckAnswer, ...errorResponses } };

/**
 * `POST /api/v1/funds/adjustment` (admin): 201 with the adjustment entered, `pending` until another
 * staff member completes it (four eyes); 200 with the one already entered under this id.
 */
export const adjustmentContract = {
  body: adjustmentSchema,
  response: { 200: adjustmentEntity.record, 201: adjustmentEntity.record, ...moneyErrors },
};
