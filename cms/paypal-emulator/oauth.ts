/**
 * OAuth2 (https://developer.paypal.com/api/rest/authentication/): the client-credentials token and the bearer
 * check on every REST route.
 */
import type { RequestHandler } from 'express';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { EMULATOR_CLIENT_ID } from '../services/paypal/client';
import type { EmulatorSetup } from './context';
import { sendError } from './errors';
import { isObject } from './request-checks';

const TOKEN_TTL_SECONDS = 32_400;

/** POST /v1/oauth2/token and the bearer check every REST route needs. */
export function mountOAuth(ctx: EmulatorSetup): RequestHandler {
  const { router, options, state } = ctx;
  const basicCredentials = Buffer.from(`${options.clientId ?? EMULATOR_CLIENT_ID}:${options.clientSecret}`, 'utf8');
  const requireBearer: RequestHandler = (req, res, next) => {
    const m = /^Bearer\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    const expiresAt = m ? state.tokens.get(m[1]) : undefined;
    if (expiresAt === undefined || expiresAt <= Date.now()) {
      if (m && expiresAt !== undefined) state.tokens.delete(m[1]);
      return sendError(res, 401, 'AUTHENTICATION_FAILURE');
    }
    next();
  };

  router.post('/v1/oauth2/token', (req, res) => {
    const m = /^Basic\s+(\S+)$/i.exec(req.get('authorization') ?? '');
    const given = m ? Buffer.from(m[1], 'base64') : Buffer.alloc(0);
    if (given.length !== basicCredentials.length || !timingSafeEqual(given, basicCredentials)) {
      res.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed' });
      return;
    }
    const grant = isObject(req.body) ? req.body.grant_type : undefined;
    if (grant !== 'client_credentials') {
      res.status(400).json({
        error: 'unsupported_grant_type',
        error_description: grant ? `Grant Type ${String(grant)} is not supported` : 'Grant Type is NULL',
      });
      return;
    }
    const accessToken = `A21AA${randomBytes(60).toString('base64url')}`;
    state.tokens.set(accessToken, Date.now() + TOKEN_TTL_SECONDS * 1000);
    res.json({
      scope:
        'https://uri.paypal.com/services/payments/payment/authcapture openid https://uri.paypal.com/services/payments/realtimepayment',
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: TOKEN_TTL_SECONDS,
      nonce: `${new Date().toISOString()}${randomBytes(16).toString('base64url')}`,
    });
  });

  return requireBearer;
}
