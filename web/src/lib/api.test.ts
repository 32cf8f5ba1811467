import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiUrl, assetUrl, encodeQuery, fetchList, fetchResult, isApiError, request, withQuery } from './api';

describe('encodeQuery', () => {
  it('when scalar values are given, then they are written key=value joined by &', () => {
    expect(encodeQuery({ search: 'olio', limit: 10, page: 1 })).toBe('search=olio&limit=10&page=1');
  });

  it('when a value is an array, then each item is written key[i]=value with raw brackets', () => {
    expect(encodeQuery({ products: ['a-1', 'b-2'] })).toBe('products[0]=a-1&products[1]=b-2');
  });

  it('when values are undefined, null, empty or NaN, then they are omitted', () => {
    expect(encodeQuery({ search: '', page: undefined, limit: null, x: Number.NaN, keep: 0 })).toBe('keep=0');
  });

  it('when an array holds empty items, then they are skipped and the indices stay contiguous', () => {
    expect(encodeQuery({ ids: ['a', '', null, 'b', undefined] })).toBe('ids[0]=a&ids[1]=b');
  });

  it('when an array is empty, then the key is left out entirely', () => {
    expect(encodeQuery({ products: [], page: 2 })).toBe('page=2');
  });

  it('when values hold reserved characters, then they are percent-encoded', () => {
    expect(encodeQuery({ search: 'olio & aceto?', 'we ird': 'a=b' })).toBe(
      'search=olio%20%26%20aceto%3F&we%20ird=a%3Db',
    );
  });

  it('when a sort pair is given, then it becomes an indexed array', () => {
    expect(encodeQuery({ sort: ['created_at', 'DESC'] })).toBe('sort[0]=created_at&sort[1]=DESC');
  });

  it('when booleans are given, then they are written as true and false', () => {
    expect(encodeQuery({ inventory: true, published: false })).toBe('inventory=true&published=false');
  });

  it('when there is no query or nothing survives, then the result is empty', () => {
    expect(encodeQuery(undefined)).toBe('');
    expect(encodeQuery({ search: '' })).toBe('');
  });
});

describe('withQuery', () => {
  it('when the query is empty, then the path is returned without a question mark', () => {
    expect(withQuery('products', { search: '' })).toBe('products');
  });
  it('when the path already has a query, then the new pairs are appended with &', () => {
    expect(withQuery('products?page=1', { limit: 10 })).toBe('products?page=1&limit=10');
  });
});

describe('request', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when the server answers an envelope, then it is returned as is', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ result: [{ id: '1' }], status: 200, pagination: { count: 1 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const envelope = await request('products', { query: { page: 1, search: '' } });
    expect(envelope).toEqual({ result: [{ id: '1' }], status: 200, pagination: { count: 1 } });
    expect(fetchMock).toHaveBeenCalledWith(
      `${apiUrl}products?page=1`,
      expect.objectContaining({ method: 'GET', credentials: 'include', cache: 'no-store', body: undefined }),
    );
  });

  it('when a body is sent, then it is JSON with a JSON content type', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) =>
      Response.json({ result: { id: 'x' }, status: 201 }, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await request('contacts', { method: 'post', body: { a: 1 } });
    const init = fetchMock.mock.calls[0][1];
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('when the network fails, then the reply reads as status 500 with a null result', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await request('config')).toEqual({ result: null, status: 500 });
  });

  it('when the reply is not JSON, then it reads as status 500 with a null result', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    expect(await request('config')).toEqual({ result: null, status: 500 });
  });

  it('when the reply is JSON without an envelope, then the HTTP status is kept and the body dropped', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ errors: ['nope'] }, { status: 404 })),
    );
    expect(await request('products/x')).toEqual({ result: null, status: 404 });
  });

  it('when an error status comes back, then the envelope is still returned instead of throwing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ result: [{ code: 'too_small' }], status: 400 }, { status: 400 })),
    );
    await expect(request('contacts', { method: 'post', body: {} })).resolves.toMatchObject({ status: 400 });
  });
});

describe('SWR fetchers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('when the status is not 2xx, then fetchResult rejects with an ApiError carrying the status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ result: null, status: 404 }, { status: 404 })),
    );
    const error = await fetchResult('products/missing').catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(404);
  });

  it('when a list comes back, then fetchList keeps pagination.count beside the items', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ result: [{ id: 'a' }], status: 200, pagination: { count: 42 } })),
    );
    expect(await fetchList('products?page=1')).toEqual({ items: [{ id: 'a' }], count: 42 });
  });
});

describe('assetUrl', () => {
  it('when a size other than full is asked, then it is passed as ?size=', () => {
    expect(assetUrl('img-1', 'card')).toBe('/assets/img-1?size=card');
    expect(assetUrl('img-1')).toBe('/assets/img-1');
  });
  it('when there is no image id, then there is no url', () => {
    expect(assetUrl(null)).toBeUndefined();
  });
});
