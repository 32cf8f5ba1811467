import { describe, expect, it } from 'vitest';
import { addAllMessage } from './add-all';

const product = (name: string, inventory_stock = true) => ({ id: name.toLowerCase(), name, inventory_stock });

describe('addAllMessage', () => {
  it('when every product was added, then it says how many and names nothing else', () => {
    expect(addAllMessage({ added: [product('Oil'), product('Pasta')], unavailable: [], full: [] })).toEqual({
      tone: 'info',
      title: 'Added 2 products to your cart.',
      detail: '',
    });
  });

  it('when some were out of stock, then it names each of them', () => {
    const message = addAllMessage({
      added: [product('Oil')],
      unavailable: [product('Balsamico', false), product('Fusilli', false)],
      full: [],
    });
    expect(message).toEqual({
      tone: 'warning',
      title: 'Added 1 product to your cart.',
      detail: 'Not available at the moment: Balsamico and Fusilli.',
    });
  });

  it('when nothing could be added, then it says so and why, by name', () => {
    expect(addAllMessage({ added: [], unavailable: [product('Balsamico', false)], full: [product('Oil')] })).toEqual({
      tone: 'warning',
      title: 'Nothing was added to your cart.',
      detail: 'Not available at the moment: Balsamico. Your cart is full, so Oil could not be added.',
    });
  });
});
