import { expect, type Page } from '@playwright/test';

/**
 * Waits until the PayPal buttons show what the terms box says, as a shopper finally sees them. react-paypal-js
 * dims its wrapper (class paypal-buttons-disabled, opacity 0.38) when told the terms are not ticked, and the
 * SDK marks each button aria-disabled a moment later; before the wrapper is drawn, the buttons are neither.
 * An axe check in any of those in-between states sees dim text on a control not marked inactive, so it waits
 * for every button to agree with its wrapper and every wrapper with the terms box.
 */
export async function paypalButtonsSettled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const terms = document.querySelector<HTMLInputElement>('input[data-testid="cart-terms"]');
          const buttons = [...document.querySelectorAll<HTMLElement>('[data-testid="paypal-button"]')];
          if (!terms) return 'settled';
          // A cart that cannot be paid says why instead of drawing buttons; one that can is drawing them.
          const paying = document.querySelector('[data-testid="checkout-buttons"], .checkout-loading') !== null;
          if (buttons.length === 0) return paying ? 'no buttons yet' : 'settled';
          for (const button of buttons) {
            const dimmed = button.closest('.paypal-buttons-disabled') !== null;
            if (dimmed === terms.checked) return 'wrapper disagrees with the terms box';
            if (button.getAttribute('aria-disabled') !== String(dimmed)) return 'button disagrees with its wrapper';
          }
          return 'settled';
        }),
      { timeout: 15_000 },
    )
    .toBe('settled');
}
