import { describe, expect, it } from 'vitest';
import { createPayPalClient, PayPalApiError } from './client';
import type { PayPalRefund } from './types';

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const REFUND: PayPalRefund = {
  id: '1JU08902781691411',
  status: 'COMPLETED',
  amount: { currency_code: 'USD', value: '12.50' },
  seller_payable_breakdown: {
    gross_amount: { currency_code: 'USD', value: '12.50' },
    paypal_fee: { currency_code: 'USD', value: '0.00' },
    net_amount: { currency_code: 'USD', value: '12.50' },
    total_refunded_amount: { currency_code: 'USD', value: '12.50' },
  },
  create_time: '2026-11-26T23:00:00Z',
  update_time: '2026-11-26T23:00:00Z',
  links: [
    { href: 'https://api-m.sandbox.paypal.com/v2/payments/refunds/1JU08902781691411', rel: 'self', method: 'GET' },
    { href: 'https://api-m.sandbox.paypal.com/v2/payments/captures/2GG279541U471931P', rel: 'up', method: 'GET' },
  ],
};

/** A client whose fetch records every request: the token call answers a token, every other call `answer`. */
function recordingClient(answer: { status: number; body: unknown }) {
  const sent: SentRequest[] = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>));
    sent.push({ url: String(input), method: init?.method ?? 'GET', headers, body: init?.body as string | undefined });
    if (String(input).endsWith('/v1/oauth2/token')) {
      return Response.json({ access_token: 'A21AAtoken', token_type: 'Bearer', expires_in: 32400 });
    }
    return Response.json(answer.body, { status: answer.status });
  };
  const client = createPayPalClient({
    baseUrl: 'https://api-m.sandbox.paypal.com/',
    clientId: 'id',
    clientSecret: 'secret',
    fetch: fakeFetch,
  });
  /** The API calls, token calls left out. */
  const calls = () => sent.filter((r) => !r.url.endsWith('/v1/oauth2/token'));
  return { client, calls };
}

describe('PayPal client: refunds', () => {
  it('when a capture is refunded, then it POSTs the body to /v2/payments/captures/{id}/refund with the PayPal-Request-Id', async () => {
    const { client, calls } = recordingClient({ status: 201, body: REFUND });
    const body = {
      amount: { currency_code: 'USD', value: '12.50' },
      note_to_payer: 'One bottle arrived broken',
      invoice_id: 'R-1001-1',
    };
    const refund = await client.refundCapture('2GG279541U471931P', body, 'refund-7f3c');
    expect(refund).toEqual(REFUND);
    const [call] = calls();
    expect(call.url).toBe('https://api-m.sandbox.paypal.com/v2/payments/captures/2GG279541U471931P/refund');
    expect(call.method).toBe('POST');
    expect(call.headers).toMatchObject({
      Authorization: 'Bearer A21AAtoken',
      'Content-Type': 'application/json',
      'PayPal-Request-Id': 'refund-7f3c',
      Prefer: 'return=representation',
    });
    expect(JSON.parse(call.body ?? '')).toEqual(body);
  });

  it('when a full refund is asked without an amount, then the body is {} (PayPal refunds what is left)', async () => {
    const { client, calls } = recordingClient({ status: 201, body: REFUND });
    await client.refundCapture('2GG279541U471931P', {}, 'refund-full');
    expect(calls()[0].body).toBe('{}');
    expect(calls()[0].headers['PayPal-Request-Id']).toBe('refund-full');
  });

  it('when a refund is read, then it GETs /v2/payments/refunds/{id} without a body or request id', async () => {
    const { client, calls } = recordingClient({ status: 200, body: REFUND });
    await expect(client.getRefund('1JU08902781691411')).resolves.toEqual(REFUND);
    const [call] = calls();
    expect(call).toMatchObject({
      url: 'https://api-m.sandbox.paypal.com/v2/payments/refunds/1JU08902781691411',
      method: 'GET',
      body: undefined,
    });
    expect(call.headers['PayPal-Request-Id']).toBeUndefined();
  });

  it('when a capture is read, then it GETs /v2/payments/captures/{id}', async () => {
    const capture = { id: '2GG279541U471931P', status: 'PARTIALLY_REFUNDED', amount: REFUND.amount };
    const { client, calls } = recordingClient({ status: 200, body: capture });
    await expect(client.getCapture('2GG279541U471931P')).resolves.toEqual(capture);
    expect(calls()[0]).toMatchObject({
      url: 'https://api-m.sandbox.paypal.com/v2/payments/captures/2GG279541U471931P',
      method: 'GET',
    });
  });

  it('when an id carries path characters, then it is encoded into one path segment', async () => {
    const { client, calls } = recordingClient({ status: 200, body: REFUND });
    await client.getRefund('../captures/X');
    expect(calls()[0].url).toBe('https://api-m.sandbox.paypal.com/v2/payments/refunds/..%2Fcaptures%2FX');
  });

  it('when PayPal refuses the refund, then a PayPalApiError carries the status, name and issue', async () => {
    const { client } = recordingClient({
      status: 422,
      body: {
        name: 'UNPROCESSABLE_ENTITY',
        message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
        debug_id: 'b1f2a3c4d5e6f',
        details: [{ issue: 'REFUND_AMOUNT_EXCEEDED', description: 'The refund amount must be less than or equal…' }],
      },
    });
    const err = await client.refundCapture('2GG279541U471931P', { amount: REFUND.amount }, 'refund-x').then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(PayPalApiError);
    expect(err).toMatchObject({
      status: 422,
      name: 'UNPROCESSABLE_ENTITY',
      issue: 'REFUND_AMOUNT_EXCEEDED',
      debug_id: 'b1f2a3c4d5e6f',
    });
  });
});
