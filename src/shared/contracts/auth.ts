import { z } from 'zod';
import { userEntity } from '../entities/user.ts';
import { ROLES } from '../roles.ts';
import { errorResponses, idParams, successAnswer } from './common.ts';

export const loginContract = {
  body: z.strictObject({
    email: z.string({ error: 'validation.required' }).trim().toLowerCase().min(1, { error: 'validation.required' }).max(254),
    password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(128),
  }),
  response: { 200: z.object({ token: z.string(), user: userEntity.record }), ...errorResponses },
};

export const logoutContract = {
  querystring: z.object({ allDevices: z.enum(['true', 'false']).optional() }),
  response: { 200: successAnswer, ...errorResponses },
};

export const checkAuthContract = {
  response: {
    200: z.object({
      id: z.uuid(),
      roles: z.array(z.enum(ROLES)),
      impersonatorId: z.uuid().nullish(),
      /** Only to a request signed in by the cookie alone (the plain form's sign-in): the session's token. */
      token: z.string().optional(),
    }),
    ...errorResponses,
  },
};

/** An admin sets a new password for a user; it is answered once. */
export const resetPasswordContract = { params: idParams, response: { 200: z.object({ password: z.string() }), ...errorResponses } };

export const impersonateContract = {
  params: z.strictObject({ userId: z.uuid({ error: 'validation.id' }) }),
  response: { 200: z.object({ token: z.string() }), ...errorResponses },
};
