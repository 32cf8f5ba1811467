/** The descriptions of the sign-in routes (endpoints/v2/auth.ts). */
import { z } from 'zod';
import {
  AUTH_RESULTS,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  resetTokenSchema,
} from '@shop/shared/admin';
import { adminSessionSchema, inviteCheckSchema } from '@shop/shared/responses';
import type { RouteDoc } from './route-doc';

const setsSessionCookie = z.object({
  'Set-Cookie': z.string().meta({ description: 'The session cookie (payload-token), HttpOnly.' }),
});
const byToken = z.object({ token: resetTokenSchema });

export const authDocs: RouteDoc[] = [
  {
    method: 'post',
    path: '/auth/login',
    tag: 'Auth',
    access: 'public',
    summary: 'Sign in to the control centre',
    description:
      'The password is sent as the SHA-256 hex of what was typed. An editor’s right password is refused with 403 ' +
      'and no session.',
    body: loginSchema,
    reply: { result: adminSessionSchema, description: 'Signed in; the session cookie is set' },
    replyHeaders: setsSessionCookie,
    errors: [401, 403, 413, 429],
  },
  {
    method: 'post',
    path: '/auth/logout',
    tag: 'Auth',
    access: 'public',
    summary: 'Sign out: ends the session and expires its cookie',
    reply: { result: z.literal(AUTH_RESULTS.signedOut) },
    replyHeaders: setsSessionCookie,
  },
  {
    method: 'post',
    path: '/auth/reset',
    tag: 'Auth',
    access: 'either',
    summary: 'Mail the signed-in admin a link to choose a new password, and sign them out',
    description:
      'Signed out, with an email in the body (the sign-in screen\'s "Forgot password?"): the same answer for every ' +
      'email, known or not; a known active account is mailed a reset link, within the sign-in throttle and the ' +
      'reset-mail allowance.',
    body: forgotPasswordSchema.optional(),
    reply: { result: z.union([z.literal(AUTH_RESULTS.resetLinkSent), z.literal(AUTH_RESULTS.resetLinkSentIfKnown)]) },
    replyHeaders: z.object({
      'Set-Cookie': z
        .string()
        .optional()
        .meta({ description: 'Signed in: the session cookie (payload-token) cleared, signing out. Signed out: none.' }),
    }),
    errors: [429, 503],
  },
  {
    method: 'get',
    path: '/auth/invite/:token',
    tag: 'Auth',
    access: 'public',
    summary: 'Check an invite or reset link: who it is for',
    params: byToken,
    reply: { result: inviteCheckSchema },
    errors: [404, 429],
  },
  {
    method: 'put',
    path: '/auth/reset/:token',
    tag: 'Auth',
    access: 'public',
    summary: 'Set the password through an invite or reset link',
    params: byToken,
    body: resetPasswordSchema,
    reply: { result: z.literal(AUTH_RESULTS.passwordChanged) },
    errors: [404, 413, 429],
  },
];
