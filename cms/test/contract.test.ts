/**
 * The contract checker itself (contract.ts), against the API description the server serves: it passes an
 * answer the document describes and names what is wrong with one it does not, so that a test whose answer
 * drifts from the document fails.
 */
import { describe, expect, it } from 'vitest';
import { apiDocumentJson } from '../endpoints/v2/openapi';
import { ContractChecker } from './contract';

const checker = async () => new ContractChecker(JSON.parse(await apiDocumentJson()) as never);

const product = {
  id: '6f1c2a9e-5a3b-4c1d-9e8f-0a1b2c3d4e5f',
  name: 'Olio Nuovo',
  description: 'Pressed in October.',
  price: 18,
  stars: 4,
  img: '/api/v2/assets/1/file',
};

describe('the contract checker', () => {
  it('when an answer is one the document describes, then it has nothing to say', async () => {
    const c = await checker();
    expect(
      c.problem('GET', '/api/v2/products', 200, 'application/json; charset=utf-8', {
        result: [],
        status: 200,
        pagination: { count: 0, page: 1, limit: 10 },
      }),
    ).toBeNull();
    expect(
      c.problem('GET', '/api/v2/products/abc', 400, 'application/json', { result: 'Invalid id', status: 400 }),
    ).toBeNull();
  });

  it('when the status is not one the operation lists, then it says which it lists', async () => {
    const c = await checker();
    expect(c.problem('GET', '/api/v2/products', 409, 'application/json', { result: 'x', status: 409 })).toMatch(
      /^GET \/products answered 409; the document lists 200, 400/,
    );
  });

  it('when the body misses a required field or carries one the schema does not have, then it names it', async () => {
    const c = await checker();
    const { price: _price, ...withoutPrice } = product;
    void _price;
    expect(
      c.problem('GET', '/api/v2/products', 200, 'application/json', {
        result: [withoutPrice],
        status: 200,
        pagination: { count: 1, page: 1, limit: 10 },
      }),
    ).toMatch(/\/result\/0 must have required property 'price'/);
    expect(
      c.problem('GET', '/api/v2/products', 200, 'application/json', {
        result: [],
        status: 200,
        pagination: { count: 0, page: 1, limit: 10 },
        debug: true,
      }),
    ).toMatch(/must NOT have additional properties/);
  });

  it('when the content type is not one the response names, then it says so', async () => {
    const c = await checker();
    expect(c.problem('GET', '/api/v2/products', 200, 'text/html', '<p>hi</p>')).toMatch(
      /came as text\/html; the document names application\/json/,
    );
  });

  it('when a path is a literal beside a template, then the literal operation is the one held to', async () => {
    const c = await checker();
    // /products/suggestions is its own operation, not /products/{id}: a Product body would not fit it.
    expect(
      c.problem('GET', '/api/v2/products/suggestions', 200, 'application/json', { result: product, status: 200 }),
    ).toMatch(/^GET \/products\/suggestions 200: the body does not match/);
  });
});

describe('the document as tools other than ours read it (issue 34 §1)', () => {
  const doc = async () =>
    JSON.parse(await apiDocumentJson()) as {
      tags: Array<{ name: string }>;
      paths: Record<string, Record<string, { tags: string[]; security: object[] }>>;
    };

  it('when an operation names a tag, then the tag is declared at the top', async () => {
    const { tags, paths } = await doc();
    const declared = new Set(tags.map((t) => t.name));
    const undeclared = Object.values(paths)
      .flatMap((operations) => Object.values(operations).flatMap((operation) => operation.tags))
      .filter((tag) => !declared.has(tag));
    expect([...new Set(undeclared)]).toEqual([]);
    expect(declared.has('Admin: customers')).toBe(true);
  });

  it("when an order's point is described, then it is an array of two numbers, not a 3.1-only tuple", async () => {
    const text = await apiDocumentJson();
    expect(text).toContain(
      '"coordinates":{"anyOf":[{"type":"array","items":{"type":"number"},"minItems":2,"maxItems":2},{"type":"null"}]}',
    );
  });

  it('when a reset link is asked for signed out, then the document allows it without a session or a cookie', async () => {
    const { paths } = await doc();
    const reset = paths['/auth/reset'].post as unknown as {
      security: object[];
      responses: Record<string, { headers?: Record<string, { required?: boolean }> }>;
    };
    expect(reset.security).toEqual([{ session: [] }, {}]);
    expect(reset.responses['200'].headers?.['Set-Cookie']?.required ?? false).toBe(false);
  });

  it("when a stale status change or a demo order's resend is answered 409, then the document lists 409", async () => {
    const { paths } = await doc();
    const statuses = (method: string, path: string) =>
      Object.keys((paths[path][method] as unknown as { responses: object }).responses);
    expect(statuses('put', '/notifications/{id}')).toContain('409');
    expect(statuses('get', '/payments/resend/{id}')).toContain('409');
  });
});
