import { STATIC_PAGE_META } from '@shop/shared';
import { Link } from 'react-router-dom';
import { SHOP_EMAIL, SHOP_PHONE } from '../shop-info';
import { useDocumentMeta } from '../lib/use-document-meta';
import './terms.css';

/** Static terms (SPEC §1, §2): effective January 1, 2025, postal shipping, no standard refund policy. */
export default function Terms() {
  useDocumentMeta(STATIC_PAGE_META.terms, { path: '/site/terms' });
  return (
    <div className="page terms">
      <article className="terms-sheet">
        <h1 className="page-title">Terms and Conditions</h1>
        <p className="terms-date">Effective date: January 1, 2025</p>

        <p>
          These terms apply to every order placed on the Bottega di Famiglia online shop. By placing an order you accept
          them. Please read them carefully; if anything is unclear, we are happy to explain.
        </p>

        <h2>1. Orders</h2>
        <p>
          All products are made in small batches and offered while stock lasts. A product marked as not available cannot
          be ordered. Your order is confirmed once the payment has been completed, and you receive a confirmation email
          with your order number, which you can use to <Link to="/site/tracking">track your order</Link>.
        </p>
        <p>
          Prices are shown in the shop's currency and include any discount displayed on the product. We may correct
          obvious pricing mistakes before your order ships; if that happens we will contact you first.
        </p>

        <h2>2. Payment</h2>
        <p>
          Payments are processed by PayPal. Depending on your country you may pay with your PayPal account, a card or
          another method PayPal offers at checkout. We never see or store your card details. The order is placed only
          when PayPal confirms the payment.
        </p>

        <h2>3. Shipping</h2>
        <p>
          Orders are shipped by postal carrier to the address you give at checkout, within the countries we deliver to.
          A flat shipping fee per order is shown in your cart before you pay. Delivery times depend on the carrier;
          glass bottles and jars are packed with care to arrive safely.
        </p>

        <h2>4. Returns and refunds</h2>
        <p>
          Because our products are food, we have no standard refund policy and cannot accept returns of opened or
          undamaged goods. If something arrives broken or is not what you ordered, write to us within a few days of
          delivery with your order number and a photo, and we will look after you personally.
        </p>

        <h2>5. Contact</h2>
        <p>
          Questions about an order or these terms? Call us at {SHOP_PHONE}, email{' '}
          <a href={`mailto:${SHOP_EMAIL}`}>{SHOP_EMAIL}</a>, or use our <Link to="/site/contact">contact form</Link>.
        </p>
      </article>
    </div>
  );
}
