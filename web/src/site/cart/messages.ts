/**
 * Cart notices. SPEC §4 asks for a title and a description on every add and remove but gives no wording,
 * and the shared MESSAGES catalogue has none yet, so the texts live here, next to the only code that shows them.
 */
export const CART_MESSAGES = {
  added: (name: string, quantity: number) => ({
    title: 'Added to cart',
    description: `${quantity} × ${name} ${quantity === 1 ? 'is' : 'are'} now in your cart.`,
  }),
  removed: (name: string) => ({
    title: 'Removed from cart',
    description: `${name} is no longer in your cart.`,
  }),
  outOfStock: (name: string) => ({
    title: 'Not available',
    description: `${name} is out of stock at the moment and cannot be added to the cart.`,
  }),
  onlyLeft: (name: string, left: number) => ({
    title: `Only ${left} left`,
    description: `Only ${left} of ${name} ${left === 1 ? 'is' : 'are'} left: your cart cannot hold more.`,
  }),
  /** Issue 31 §4: `added` of the `asked` went in, which makes all `left` units the shop has. */
  addedWhatIsLeft: (name: string, added: number, asked: number, left: number) => ({
    title: `Added ${added} of ${asked}`,
    description: `Only ${left} of ${name} ${left === 1 ? 'is' : 'are'} left, and your cart now holds all ${left}.`,
  }),
  /** "Add all to cart" on a recipe: one notice for the lot; the page itself names what was left out. */
  addedMany: (count: number) => ({
    title: 'Added to cart',
    description: `${count} ${count === 1 ? 'product is' : 'products are'} now in your cart.`,
  }),
  noneAvailable: {
    title: 'Not available',
    description: 'None of these products can be bought at the moment.',
  },
  full: {
    title: 'Your cart is full',
    description: 'A cart holds up to 100 different products. Please complete this order first.',
  },
} as const;
