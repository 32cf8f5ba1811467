/**
 * The edges of the carrier formats and of the shop's link template (tracking.ts): a number one character
 * longer or with a stray prefix is no carrier's, and a template whose host, placeholder or characters are
 * wrong is not used.
 */
import { describe, expect, it } from 'vitest';
import { isTrackingTemplate, trackingLink } from './tracking';

const TEMPLATE = 'https://track.example/parcels/{number}';

describe('a number that only nearly has a carrier’s format', () => {
  it('when a UPS number has a 19th character or a letter before "1Z", then no carrier knows it', () => {
    expect(trackingLink('1Z12345E02052716889')).toBeNull();
    expect(trackingLink('X1Z12345E0205271688')).toBeNull();
  });

  it('when a USPS barcode has 23 digits or a letter before it, then no carrier knows it', () => {
    expect(trackingLink('94001118992230330052821')).toBeNull();
    expect(trackingLink('A9400111899223033005282')).toBeNull();
    expect(trackingLink('ZEE123456789US')).toBeNull();
  });

  it('when a number has 11 or 13 digits, then neither DHL (10) nor FedEx (12) knows it', () => {
    expect(trackingLink('12345678901')).toBeNull();
    expect(trackingLink('1234567890123')).toBeNull();
  });

  it('when the near miss has a template, then the template gets the number instead of a carrier', () => {
    expect(trackingLink('1234567890123', TEMPLATE)).toEqual({
      carrier: null,
      url: 'https://track.example/parcels/1234567890123',
    });
  });
});

describe('trackingLink with the shop’s template', () => {
  it('when the number is only spaces and dashes, then there is no link, even with a template', () => {
    expect(trackingLink(' - -  ', TEMPLATE)).toBeNull();
  });

  it('when the template has spaces around it, then it is used without them', () => {
    expect(trackingLink('abc-123', `  ${TEMPLATE} `)).toEqual({
      carrier: null,
      url: 'https://track.example/parcels/ABC123',
    });
  });
});

describe('isTrackingTemplate', () => {
  it('when the host is one letter, has a port, or the number is in the query, then the template is usable', () => {
    expect(isTrackingTemplate('https://a.example/{number}')).toBe(true);
    expect(isTrackingTemplate('https://track.example:8443/t/{number}')).toBe(true);
    expect(isTrackingTemplate('https://track.example?id={number}')).toBe(true);
  });

  it('when the host is not a host name (a stray character at either end, an underscore, a 6-digit port), then it is not usable', () => {
    expect(isTrackingTemplate('xhttps://track.example/{number}')).toBe(false);
    expect(isTrackingTemplate('https://-track.example/{number}')).toBe(false);
    expect(isTrackingTemplate('https://track.example_/{number}')).toBe(false);
    expect(isTrackingTemplate('https://track_x.example/{number}')).toBe(false);
    expect(isTrackingTemplate('https://track.example:123456/{number}')).toBe(false);
  });

  it('when the number would be part of the host, then the template is not usable', () => {
    expect(isTrackingTemplate('https://track.example{number}/')).toBe(false);
    expect(isTrackingTemplate('https://track{number}/parcels')).toBe(false);
    expect(isTrackingTemplate('https://{number}.example/parcels')).toBe(false);
  });

  it('when the template holds a control character (U+0001, U+001F) or DEL, then it is not usable', () => {
    for (const ch of ['\u0001', '\u001f', '\u007f'])
      expect(isTrackingTemplate(`${TEMPLATE}${ch}`), ch.charCodeAt(0).toString(16)).toBe(false);
  });
});
