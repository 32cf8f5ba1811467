import { describe, expect, it } from 'vitest';
import { classifyStatus } from './notify';

describe('classifyStatus', () => {
  it('when the status is 200 or 201, then the call succeeded', () => {
    expect(classifyStatus(200, 'get')).toBe('success');
    expect(classifyStatus(201, 'post')).toBe('success');
  });

  it('when the status is 401 or 403, then it means logout whatever the method', () => {
    expect(classifyStatus(401, 'get')).toBe('unauthorized');
    expect(classifyStatus(403, 'delete')).toBe('unauthorized');
  });

  it('when the status is 429, then it is rate limiting', () => {
    expect(classifyStatus(429, 'post')).toBe('rateLimited');
  });

  it('when a post or put gets 400, then the invalid-form notice applies', () => {
    expect(classifyStatus(400, 'post')).toBe('invalid');
    expect(classifyStatus(400, 'put')).toBe('invalid');
  });

  it('when a get or delete gets 400, then it is a generic failure', () => {
    expect(classifyStatus(400, 'get')).toBe('failure');
    expect(classifyStatus(400, 'delete')).toBe('failure');
  });

  it('when the status is anything else, then it is a generic failure', () => {
    for (const status of [204, 404, 413, 500, 502]) expect(classifyStatus(status, 'get')).toBe('failure');
  });
});
