import { describe, expect, it } from 'vitest';
import { addAllMessage } from './add-all';

const product = (name: string, inventory_stock = true) => ({ id: name.toLowerCase(), name, inventory_stock });

describe('addAllMessage', () => {
  it('when every product was added, then it says how many and names nothing else', () => {
    expect(addAllMessage({ added: [product('Oil'), product('Pasta')], unavailable: [], full: [] })).toEqual({
      tone: 'success',
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

describe('addAllMessage with recipe quantities (issue 23)', () => {
  it('when a product went in twice, then the title counts the products and the items, in the success tone', () => {
    const ragu = { id: 'r', name: 'Ragù', inventory_stock: true, quantity: 2 };
    const pasta = { id: 'p', name: 'Pasta', inventory_stock: true, quantity: 1 };
    expect(addAllMessage({ added: [ragu, pasta], unavailable: [], full: [] })).toEqual({
      tone: 'success',
      title: 'Added 2 products (3 items) to your cart.',
      detail: '',
    });
  });
});
