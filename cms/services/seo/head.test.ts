import { describe, expect, it } from 'vitest';
import { fillTemplate, jsonForScript, renderHead } from './head';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="The shop's own."
    />
    <title>Shop — Italian food</title>
    <script type="module" crossorigin src="/bundle/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('jsonForScript', () => {
  it('when a value holds a closing script tag and line separators, then none is written raw and it reads back the same', () => {
    const value = { name: '</script><script>alert(1)</script>&', note: 'a\u2028b\u2029c' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toBe(
      '{"name":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e\\u0026","note":"a\\u2028b\\u2029c"}',
    );
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('fillTemplate', () => {
  it('when the template has a title and a description over several lines, then both give way to the head, once', () => {
    const html = fillTemplate(TEMPLATE, '<title>Olio</title>');
    expect(html).not.toContain("The shop's own.");
    expect(html.match(/<title>/g)).toEqual(['<title>']);
    expect(html).toContain('<meta charset="UTF-8" />\n    <title>Olio</title>\n    <script type="module"');
  });

  it('when the head holds replacement patterns ($&, $1), then they are written as they are', () => {
    expect(fillTemplate(TEMPLATE, '<title>$& $1 $$</title>')).toContain('<title>$& $1 $$</title>');
  });

  it('when the template has no title, then the head goes just before </head>', () => {
    const html = fillTemplate('<html><head><meta charset="UTF-8" /></head><body></body></html>', '<title>X</title>');
    expect(html).toBe('<html><head><meta charset="UTF-8" /><title>X</title>\n  </head><body></body></html>');
  });
});

describe('renderHead', () => {
  it('when a page is not for indexing and has no URL, then it says noindex and names no canonical link or og:url', () => {
    const head = renderHead({
      meta: { title: 'Page not found' },
      canonical: null,
      ogType: 'website',
      image: null,
      jsonLd: [],
      noindex: true,
    });
    expect(head).toContain('<title>Page not found · Bottega di Famiglia</title>');
    expect(head).toContain('<meta name="robots" content="noindex" data-page-head />');
    expect(head).not.toContain('canonical');
    expect(head).not.toContain('og:url');
    expect(head).toContain('<meta name="twitter:card" content="summary" data-page-head />');
  });
});
