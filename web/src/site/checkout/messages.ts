/**
 * Checkout and order-page notices whose wording SPEC §8 leaves open. The shared MESSAGES catalogue has the
 * spec's fixed texts (payment create/capture failures, order not found, resend rate limit); these are ours.
 */
export const CHECKOUT_MESSAGES = {
  paymentPending: {
    title: 'Your payment is pending',
    description:
      'PayPal is still reviewing your payment. Your order is safe: we will send you an email as soon as the payment is confirmed.',
  },
  captureRetrying: (attempt: number, attempts: number) => ({
    title: 'Still confirming your payment with PayPal…',
    description: `The connection dropped for a moment; trying again (${attempt} of ${attempts}). Please keep this page open.`,
  }),
  captureUnconfirmed: {
    title: 'We could not confirm your payment yet',
    description:
      'If PayPal has taken the money, your order is created automatically within a few minutes and you will get the confirmation by email. You will not be charged twice: you can safely try again.',
  },
  /** Issue 24: fewer units left than the cart asks; `message` is the server's ("Only 2 of Olio Nuovo left"). */
  notEnoughLeft: (message: string) => ({
    title: message || 'Not enough of a product is left',
    description: 'Lower the quantity of the marked product, or remove it, to continue with the payment.',
  }),
  /** Issue 24: fewer left than the cart asked; the cart now holds what is left (`left` > 0). */
  lowered: (message: string, left: number, beforePaying: boolean) => ({
    title: message || 'Not enough of a product is left',
    description: `${beforePaying ? '' : 'You have not been charged. '}Your cart now holds ${left}, all that is left: check the total and pay again.`,
  }),
  soldOutWhilePaying: (message: string) => ({
    title: message || 'A product sold out while you were paying',
    description: 'You have not been charged. Remove the marked product from your cart to continue.',
  }),
  termsRequired: {
    title: 'Please accept the terms',
    description: 'Tick the Terms and Conditions box before paying.',
  },
  quantityInvalid: {
    title: 'Check the quantities',
    description: 'A quantity is a whole number from 1 to 999. Correct the marked box to continue with the payment.',
  },
  unavailable: {
    title: 'Some products are not available any more',
    description: 'Remove the marked products from your cart to continue with the payment.',
  },
  paymentScriptFailed: {
    title: 'The payment service could not be loaded',
    description: 'Check your connection, then reload the page to try again.',
  },
  paymentOff: {
    title: 'Online payment is unavailable at the moment',
    description: 'You cannot pay online right now. Please contact us and we will take your order personally.',
  },
  confirmationResent: (email: string) => ({
    title: 'Confirmation sent',
    description: email ? `We sent the order confirmation to ${email} again.` : 'We sent the order confirmation again.',
  }),
} as const;
