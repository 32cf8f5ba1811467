import { describe, expect, it } from 'vitest';
import {
  carrierOfMethod,
  carrierOfNumber,
  isTrackingTemplate,
  isTrackingUrl,
  shipmentLink,
  trackingLink,
} from './tracking';

describe('trackingLink', () => {
  it('when the number is a USPS package barcode or an international US item, then it links to USPS', () => {
    expect(trackingLink('9400111899223033005282')).toEqual({
      carrier: 'USPS',
      url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223033005282',
    });
    expect(trackingLink('9205 5901 6491 7312 7510 89')).toEqual({
      carrier: 'USPS',
      url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9205590164917312751089',
    });
    expect(trackingLink('91234567890123456789')?.carrier).toBe('USPS');
    expect(trackingLink('ea123456789us')).toEqual({
      carrier: 'USPS',
      url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=EA123456789US',
    });
  });

  it('when the number starts with 1Z and has 18 characters, then it links to UPS', () => {
    expect(trackingLink('1Z999AA10123456784')).toEqual({
      carrier: 'UPS',
      url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    });
    expect(trackingLink('1z 999 aa1 01 2345 6784')?.url).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingLink('1Z999AA1012345678')).toBeNull();
  });

  it('when the number has 12 or 15 digits, then it links to FedEx', () => {
    expect(trackingLink('123456789012')).toEqual({
      carrier: 'FedEx',
      url: 'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    });
    expect(trackingLink('012345678901234')).toEqual({
      carrier: 'FedEx',
      url: 'https://www.fedex.com/fedextrack/?trknbr=012345678901234',
    });
  });

  it('when the number is a DHL waybill, eCommerce or Parcel number, then it links to DHL', () => {
    expect(trackingLink('1234567890')).toEqual({
      carrier: 'DHL',
      url: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=1234567890&submit=1',
    });
    expect(trackingLink('GM2951173225174494')?.carrier).toBe('DHL');
    expect(trackingLink('JJD000390007827761230')).toEqual({
      carrier: 'DHL',
      url: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JJD000390007827761230&submit=1',
    });
  });

  it('when no carrier knows the number, then the shop template is used with the number in place of {number}', () => {
    expect(trackingLink('BRT-0042 77', 'https://track.example.it/parcel?n={number}')).toEqual({
      carrier: null,
      url: 'https://track.example.it/parcel?n=BRT004277',
    });
    expect(trackingLink('RR-1', 'https://poste.example/{number}/{number}')?.url).toBe('https://poste.example/RR1/RR1');
  });

  it('when the carrier is known, then its page wins over the template', () => {
    expect(trackingLink('1Z999AA10123456784', 'https://track.example.it/{number}')?.url).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
  });

  it('when no carrier knows the number and there is no usable template, then there is no link', () => {
    expect(trackingLink('BRT004277')).toBeNull();
    expect(trackingLink('BRT004277', '')).toBeNull();
    expect(trackingLink('BRT004277', 'http://track.example.it/{number}')).toBeNull();
    expect(trackingLink('BRT004277', 'https://track.example.it/parcel')).toBeNull();
    expect(trackingLink('  ')).toBeNull();
    expect(trackingLink('12345')).toBeNull();
  });
});

describe('isTrackingTemplate', () => {
  it('when the template is an https URL holding {number}, then it is usable, and otherwise not', () => {
    expect(isTrackingTemplate('https://track.example.it/parcel?n={number}')).toBe(true);
    expect(isTrackingTemplate('https://track.example.it/{number}')).toBe(true);
    expect(isTrackingTemplate('http://track.example.it/{number}')).toBe(false);
    expect(isTrackingTemplate('https://track.example.it/')).toBe(false);
    expect(isTrackingTemplate('javascript:alert(1)//{number}')).toBe(false);
    expect(isTrackingTemplate('https://{number}.example/')).toBe(false);
    expect(isTrackingTemplate('https:// {number}')).toBe(false);
    expect(isTrackingTemplate('https://track.example.it/"><script>{number}')).toBe(false);
    expect(isTrackingTemplate('https://track.example.it:8443/t/{number}#top')).toBe(true);
  });
});

describe('the carrier chosen when shipping (issue 31 §12)', () => {
  it("when the number has one carrier's format, then that carrier is suggested; a number no carrier prints suggests none", () => {
    expect(carrierOfNumber('1Z999AA10123456784')).toBe('UPS');
    expect(carrierOfNumber('9400 1118 9922 3033 0052 82')).toBe('USPS');
    expect(carrierOfNumber('LX123456789IT')).toBeNull();
    expect(carrierOfNumber('')).toBeNull();
  });

  it('when the shop ships "USPS Priority Mail", then USPS is suggested; a method naming no carrier, or two, suggests none', () => {
    expect(carrierOfMethod('USPS Priority Mail')).toBe('USPS');
    expect(carrierOfMethod('ups ground')).toBe('UPS');
    expect(carrierOfMethod('Flat rate')).toBeNull();
    expect(carrierOfMethod('UPS or FedEx')).toBeNull();
  });

  it("when a carrier was chosen, then the link is that carrier's whatever the number looks like; Other links to its URL with {number} filled", () => {
    expect(shipmentLink('1Z999AA10123456784', 'USPS', null)).toEqual({
      carrier: 'USPS',
      url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=1Z999AA10123456784',
    });
    expect(shipmentLink('BRT 0042-77', 'OTHER', 'https://track.example.it/p?n={number}')).toEqual({
      carrier: null,
      url: 'https://track.example.it/p?n=BRT004277',
    });
    expect(shipmentLink('LX123456789IT', null, null)).toBeNull();
    expect(isTrackingUrl('http://track.example.it/p')).toBe(false);
    expect(isTrackingUrl('https://track.example.it/a b')).toBe(false);
  });
});
