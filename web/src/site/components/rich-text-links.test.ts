import { describe, expect, it } from 'vitest';
import { linkTarget } from './rich-text-links';

const SHOP = 'https://shop.example';

describe('linkTarget', () => {
  it('when an internal link points at a recipe or a product, then it goes to the storefront page', () => {
    expect(linkTarget({ linkType: 'internal', doc: { relationTo: 'recipes', value: 'r-1' } }, SHOP)).toEqual({
      href: '/site/recipes/r-1',
      external: false,
      newTab: false,
    });
    expect(linkTarget({ linkType: 'internal', doc: { relationTo: 'products', value: 'p 2' } }, SHOP)).toEqual({
      href: '/site/shop/p%202',
      external: false,
      newTab: false,
    });
  });

  it('when an internal link points at another collection or at nothing, then there is no link', () => {
    expect(linkTarget({ linkType: 'internal', doc: { relationTo: 'orders', value: 'o-1' } }, SHOP)).toBeNull();
    expect(linkTarget({ linkType: 'internal', doc: null }, SHOP)).toBeNull();
    expect(linkTarget({ linkType: 'internal', doc: { relationTo: 'recipes', value: '' } }, SHOP)).toBeNull();
  });

  it('when a link goes to another origin, then it opens in a new tab even if the editor did not ask', () => {
    expect(linkTarget({ linkType: 'custom', url: 'https://en.wikipedia.org/wiki/Pesto' }, SHOP)).toEqual({
      href: 'https://en.wikipedia.org/wiki/Pesto',
      external: true,
      newTab: true,
    });
    expect(linkTarget({ linkType: 'custom', url: '//evil.example/x' }, SHOP)).toMatchObject({ external: true });
    expect(linkTarget({ linkType: 'custom', url: 'http://shop.example/site' }, SHOP)).toMatchObject({
      external: true,
    });
  });

  it('when a link stays on the shop, then it opens in place unless the editor chose a new tab', () => {
    expect(linkTarget({ linkType: 'custom', url: '/site/about' }, SHOP)).toEqual({
      href: '/site/about',
      external: false,
      newTab: false,
    });
    expect(linkTarget({ linkType: 'custom', url: 'https://shop.example/site/shop', newTab: true }, SHOP)).toEqual({
      href: 'https://shop.example/site/shop',
      external: false,
      newTab: true,
    });
  });

  it('when a link is mail or telephone, then it is kept and not treated as another site', () => {
    expect(linkTarget({ linkType: 'custom', url: 'mailto:shop@example.org' }, SHOP)).toEqual({
      href: 'mailto:shop@example.org',
      external: false,
      newTab: false,
    });
    expect(linkTarget({ linkType: 'custom', url: 'tel:+12125550100' }, SHOP)?.href).toBe('tel:+12125550100');
  });

  it('when a link uses a script or data scheme, has no url or no fields, then there is no link', () => {
    for (const url of ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '']) {
      expect(linkTarget({ linkType: 'custom', url }, SHOP), url).toBeNull();
    }
    expect(linkTarget(undefined, SHOP)).toBeNull();
    expect(linkTarget({ linkType: 'custom', url: 42 }, SHOP)).toBeNull();
  });
});
