import { describe, expect, it } from 'vitest';
import type { PublicProduct, Recipe } from './api-types';
import {
  breadcrumbJsonLd,
  categoryHead,
  headTags,
  homeHead,
  pageHead,
  productHead,
  recipeSteps,
  shopCanonicalPath,
  siteUrls,
} from './page-head';
import {
  richTextHeading,
  richTextLink,
  richTextList,
  richTextParagraph,
  richTextRoot,
  richTextText,
} from './rich-text';

const urls = siteUrls('https://shop.example/');

const recipe = (body: Recipe['body'], directions: string[] = []): Pick<Recipe, 'body' | 'directions'> => ({
  body,
  directions,
});

describe('recipeSteps', () => {
  it('when the body is an introduction, a Method heading, a numbered list and a reading tip, then only the list items are steps', () => {
    const body = richTextRoot([
      richTextParagraph([
        richTextText('Serves four. Everything depends on '),
        richTextText('ripe tomatoes', { bold: true }),
      ]),
      richTextHeading('Method'),
      richTextList(['Dice the tomatoes.', 'Toast the bread.', 'Rub with garlic and top.'], 'number'),
      richTextParagraph([
        richTextText('Read more: '),
        richTextLink('Bruschetta on Wikipedia', 'https://en.wikipedia.org'),
      ]),
    ]);
    expect(recipeSteps(recipe(body))).toEqual(['Dice the tomatoes.', 'Toast the bread.', 'Rub with garlic and top.']);
  });

  it('when the body has a bulleted list of ingredients and a numbered method, then only the numbered items are steps', () => {
    const body = richTextRoot([
      richTextList(['Bread', 'Tomatoes'], 'bullet'),
      richTextList(['Toast.', 'Top.'], 'number'),
    ]);
    expect(recipeSteps(recipe(body))).toEqual(['Toast.', 'Top.']);
  });

  it('when the body is paragraphs after a heading, then those paragraphs are the steps, without the introduction or a paragraph with a link', () => {
    const body = richTextRoot([
      richTextParagraph('A summer dish.'),
      richTextHeading('Method'),
      richTextParagraph('Toast the bread.'),
      richTextHeading('To serve', 'h3'),
      richTextParagraph('Drizzle with oil.'),
      richTextParagraph([richTextText('See '), richTextLink('our oil', 'https://shop.example/site/shop/1')]),
    ]);
    expect(recipeSteps(recipe(body))).toEqual(['Toast the bread.', 'Drizzle with oil.']);
  });

  it('when a recipe has no rich-text body, then its plain directions are the steps', () => {
    expect(recipeSteps(recipe(null, ['Mix.', 'Bake.']))).toEqual(['Mix.', 'Bake.']);
  });
});

const product: PublicProduct = {
  id: 'p1',
  name: 'Olio Nuovo',
  description: 'New oil.',
  price: 20,
  stars: 5,
  img: { id: 'a1' },
  img_id: 'a1',
  categories: [{ id: 'c1', name: 'Oils' }],
  inventory_stock: true,
  quantity_amount: 500,
  quantity_unit: 'Ml',
  published: true,
  apply_discount: true,
  discount_unit: '%',
  discount_amount: 10,
  apply_shipping: true,
  updated_at: '',
  stock_left: null,
};

describe('productHead', () => {
  it('when a product is discounted by 10 %, then its head has its canonical URL, picture, offer at 18.00 and a Home / Shop / product trail', () => {
    const head = productHead(product, 'USD', urls);
    expect(head.canonical).toBe('https://shop.example/site/shop/p1');
    expect(head.image).toBe('https://shop.example/assets/a1');
    expect(head.ogType).toBe('product');
    const [item, trail] = head.jsonLd as Array<Record<string, unknown>>;
    expect((item.offers as Record<string, unknown>).price).toBe('18.00');
    expect(trail).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/site' },
        { '@type': 'ListItem', position: 2, name: 'Shop', item: 'https://shop.example/site/shop' },
        { '@type': 'ListItem', position: 3, name: 'Olio Nuovo', item: 'https://shop.example/site/shop/p1' },
      ],
    });
  });
});

describe('categoryHead', () => {
  it('when a category has no picture, then its head has no og:image and carries its breadcrumb', () => {
    const head = categoryHead(
      {
        id: 'c1',
        name: 'Oils',
        description: '',
        img: null,
        img_id: null,
        products: 3,
        published: true,
        updated_at: '',
      },
      urls,
    );
    expect(head.image).toBeNull();
    expect(head.jsonLd).toEqual([
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/site' },
          { name: 'Shop', path: '/site/shop' },
          { name: 'Oils', path: '/site/category/c1' },
        ],
        urls,
      ),
    ]);
    const tags = headTags(head);
    expect(tags.some((tag) => tag.attributes.property === 'og:image')).toBe(false);
    expect(tags.find((tag) => tag.attributes.rel === 'canonical')?.attributes.href).toBe(
      'https://shop.example/site/category/c1',
    );
  });
});

describe('headTags', () => {
  it('when a page is noindex with an image, then the page-only tags are robots, canonical, og:type, og:url, og:image, twitter:card, twitter:image and the JSON-LD', () => {
    const head = productHead(product, 'EUR', urls);
    const pageOnly = headTags({ ...head, noindex: true })
      .filter((tag) => tag.pageOnly)
      .map((tag) => tag.attributes.name ?? tag.attributes.property ?? tag.attributes.rel ?? tag.attributes.type);
    expect(pageOnly).toEqual([
      'robots',
      'canonical',
      'og:type',
      'og:url',
      'og:image',
      'twitter:card',
      'twitter:image',
      'application/ld+json',
      'application/ld+json',
    ]);
  });
});

describe('the shop’s picture', () => {
  it('when home or a static page gets its head, then its og:image and twitter:image are the shop’s picture at its absolute address', () => {
    for (const head of [homeHead(urls), pageHead('/site/contact', { title: 'Contact us' }, urls)]) {
      const tags = headTags(head);
      const content = (key: string) =>
        tags.find((tag) => tag.attributes.property === key || tag.attributes.name === key)?.attributes.content;
      expect(content('og:image')).toBe('https://shop.example/assets/static/about-us.webp');
      expect(content('twitter:image')).toBe('https://shop.example/assets/static/about-us.webp');
      expect(content('twitter:card')).toBe('summary_large_image');
    }
  });
});

describe('shopCanonicalPath', () => {
  it('when the shop’s list is on page 1, 2 or 12, then page 1 is the shop and every later page is its own address', () => {
    expect(shopCanonicalPath('', 1)).toBe('/site/shop');
    expect(shopCanonicalPath('', 2)).toBe('/site/shop?page=2');
    expect(shopCanonicalPath('', 12)).toBe('/site/shop?page=12');
  });

  it('when the list is a search, then each of its pages points at the shop', () => {
    expect(shopCanonicalPath('olio', 1)).toBe('/site/shop');
    expect(shopCanonicalPath('olio', 3)).toBe('/site/shop');
    expect(shopCanonicalPath('   ', 2)).toBe('/site/shop?page=2');
  });
});
