import { describe, expect, it } from 'vitest';
import { homeFor } from './areas';

describe('homeFor', () => {
  it('when the path is inside the admin area, then Go Home leads to /admin', () => {
    expect(homeFor('/admin')).toBe('/admin');
    expect(homeFor('/admin/unknown/page')).toBe('/admin');
  });
  it('when the path is anywhere else, then Go Home leads to /site', () => {
    expect(homeFor('/site/nowhere')).toBe('/site');
    expect(homeFor('/administrator')).toBe('/site');
    expect(homeFor('/foo')).toBe('/site');
  });
});
