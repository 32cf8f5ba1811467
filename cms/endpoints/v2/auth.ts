import type { Endpoint } from 'payload';
import { AUTH_RESULTS, forgotPasswordSchema, loginSchema, resetPasswordSchema } from '@shop/shared/admin';
import { body, param, requireAdmin, v2 } from '../../lib/endpoint';
import { envelope } from '../../lib/envelope';
import { unauthorized } from '../../lib/app-error';
import {
  checkPasswordLink,
  requestPasswordReset,
  requestPasswordResetByEmail,
  setPasswordFromLink,
} from '../../services/auth/password-reset';
import { expiredSessionCookie, sessionCookie, signIn, signOut, toAdminSession } from '../../services/auth/session';
import type { Doc } from '../../services/mappers';

const withCookie = (response: Response, cookie: string): Response => {
  response.headers.append('Set-Cookie', cookie);
  return response;
};

/** SPEC §7 Auth: login, logout, invite check, password reset. */
export const authEndpoints: Endpoint[] = [
  v2('post', '/auth/login', async (req) => {
    const credentials = await body(req, loginSchema);
    const { user, token } = await signIn(req, credentials, 'control-centre');
    return withCookie(envelope(toAdminSession(user)), sessionCookie(req.payload, token));
  }),

  v2('post', '/auth/logout', async (req) => {
    await signOut(req);
    return withCookie(envelope(AUTH_RESULTS.signedOut), expiredSessionCookie(req.payload));
  }),

  v2('post', '/auth/reset', async (req) => {
    // Signed out: the sign-in screen's "Forgot password?" names the email, and gets one answer whatever the
    // email. Signed out without an email is what it always was: a 401.
    if (!req.user) {
      const sent: unknown = req.json ? await req.json().catch(() => undefined) : undefined;
      if (typeof sent !== 'object' || sent === null || !('email' in sent)) throw unauthorized();
      const { email } = forgotPasswordSchema.parse(sent);
      await requestPasswordResetByEmail(req, email);
      return { result: AUTH_RESULTS.resetLinkSentIfKnown };
    }
    const user = requireAdmin(req) as unknown as Doc;
    await requestPasswordReset(req, user);
    return withCookie(envelope(AUTH_RESULTS.resetLinkSent), expiredSessionCookie(req.payload));
  }),

  v2('get', '/auth/invite/:token', async (req) => ({ result: await checkPasswordLink(req, param(req, 'token')) })),

  v2('put', '/auth/reset/:token', async (req) => {
    const input = await body(req, resetPasswordSchema);
    await setPasswordFromLink(req, param(req, 'token'), input);
    return { result: AUTH_RESULTS.passwordChanged };
  }),
];
