import { describe, expect, it } from 'vitest';
import { contactAlertTitle, orderAlertTitle, shortfallAlertTitle, shortName, stockAlertTitle } from './live-events';

describe('live alert texts', () => {
  it('when the payer has a first and a last name, then the alert names the first and the last initial', () => {
    expect(shortName('Maria Rossi')).toBe('Maria R.');
    expect(shortName('  Anna  Maria   de luca ')).toBe('Anna L.');
    expect(shortName('Cher')).toBe('Cher');
    expect(shortName('')).toBe('');
  });

  it('when an order is paid, then the title gives number, total in its currency and the short name', () => {
    const order = { id: '1', number: '1043', total: 45.9, currency: 'USD', customer: 'Maria Rossi' };
    expect(orderAlertTitle(order)).toBe('New order #1043 — $45.90 from Maria R.');
    expect(orderAlertTitle({ ...order, total: 7, currency: 'EUR', customer: '' })).toBe('New order #1043 — €7.00');
  });

  it('when a message arrives, then the title names who wrote it', () => {
    expect(contactAlertTitle({ id: '1', name: 'Luca Bianchi', subject: 'Gift box' })).toBe(
      'New message from Luca Bianchi',
    );
    expect(contactAlertTitle({ id: '1', name: '', subject: 'Gift box' })).toBe('New message from a shopper');
  });
});

describe('stockAlertTitle', () => {
  it('when a product reaches 2 with a threshold of 3, then the alert says only 2 left; at 0, sold out', () => {
    const stock = { id: 'p1', name: 'Olio Nuovo', stock_quantity: 2, low_stock_threshold: 3 };
    expect(stockAlertTitle(stock)).toBe('Olio Nuovo: only 2 left');
    expect(stockAlertTitle({ ...stock, stock_quantity: 0 })).toBe('Olio Nuovo has sold out');
  });
});

describe('shortfallAlertTitle', () => {
  it('when the stall sold 2 units the count did not have, then the alert names the product as a count that was off', () => {
    const shortfall = { id: 'p1', name: 'Olio Nuovo', missing: 2, text: 'The stall sold 2 of Olio Nuovo …' };
    expect(shortfallAlertTitle(shortfall)).toBe('Count off: Olio Nuovo');
  });
});
