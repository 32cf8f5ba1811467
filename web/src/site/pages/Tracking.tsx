import { CustomerServiceOutlined, FileSearchOutlined, MailOutlined } from '@ant-design/icons';
import { MESSAGES, orderNumberSchema, TRACKING_PARAM, TRACKING_PATH } from '@shop/shared';
import { Button, Input, type InputRef } from 'antd';
import { useCallback, useState } from 'react';
import { Form, Link, useLoaderData, useNavigate } from 'react-router-dom';
import { notify } from '../../lib/notify';
import { findOrderByNumber } from '../api/orders';
import type { TrackingData } from '../route-data';
import { useDocumentMeta } from '../lib/use-document-meta';
import './tracking.css';

/** The order-number search of the tracking page. */
function OrderLookupForm() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [searching, setSearching] = useState(false);
  // Input.Search gives data-* props to its wrapper; tests type into the input itself.
  const tagInput = useCallback((ref: InputRef | null) => {
    ref?.input?.setAttribute('data-testid', 'tracking-input');
  }, []);

  const notFound = () => {
    notify.error(MESSAGES.orderNotFound);
    // SPEC §5: an unknown order resets the search.
    setValue('');
  };

  const search = async (raw: string) => {
    // SPEC §5: an empty value does nothing.
    if (raw.trim() === '' || searching) return;
    // A number that cannot exist is not worth a (rate-limited) request.
    const parsed = orderNumberSchema.safeParse(raw);
    if (!parsed.success) {
      notFound();
      return;
    }
    setSearching(true);
    const envelope = await findOrderByNumber(parsed.data);
    setSearching(false);
    const id = envelope.result?.id;
    if (envelope.status === 200 && id) {
      navigate(`/site/orders/${encodeURIComponent(id)}`);
      return;
    }
    if (envelope.status === 404 || envelope.status === 400) notFound();
    else if (envelope.status === 429) notify.rateLimited();
    else notify.generic();
  };

  // A GET form of this page, so the search works without JavaScript too (issue 33): the server looks the number
  // up and answers with the order's page. With JavaScript the search below runs instead of the form.
  return (
    <Form method="get" action={TRACKING_PATH} role="search" onSubmit={(event) => event.preventDefault()}>
      <Input.Search
        className="tracking-search"
        size="large"
        name={TRACKING_PARAM}
        value={value}
        placeholder="Order number"
        enterButton={
          <Button type="primary" htmlType="submit">
            Track
          </Button>
        }
        loading={searching}
        allowClear
        autoComplete="off"
        spellCheck={false}
        aria-label="Order number"
        maxLength={40}
        ref={tagInput}
        data-testid="tracking-search"
        onChange={(event) => setValue(event.target.value)}
        onSearch={(text, _event, info) => {
          // The clear icon also fires onSearch; clearing is not a search.
          if (info?.source === 'clear') return;
          void search(text);
        }}
      />
    </Form>
  );
}

/** Why the server found no order page for a search sent without JavaScript (SPEC §8's words). */
function TrackingNotice() {
  const tracked = useLoaderData() as TrackingData | null;
  if (!tracked) return null;
  return (
    <p className="tracking-notice" role="alert" data-testid="tracking-notice">
      <strong>{tracked.notice.title}</strong>
      {tracked.notice.description && <span>{tracked.notice.description}</span>}
    </p>
  );
}

export default function Tracking() {
  useDocumentMeta({ title: 'Track your order' }, { path: TRACKING_PATH });
  return (
    <div className="page tracking" data-testid="tracking-page">
      <section className="tracking-card">
        <span className="tracking-icon" aria-hidden="true">
          <FileSearchOutlined />
        </span>
        <span className="eyebrow">My Orders</span>
        <h1 className="page-title">Track your order</h1>
        <p className="tracking-lead">
          Enter the order number from your confirmation email (it looks like <strong>K7M4PQ2X</strong>) to see the
          status of your order and where it is going.
        </p>
        <OrderLookupForm />
        <TrackingNotice />
      </section>

      <ul className="tracking-help">
        <li>
          <MailOutlined />
          <div>
            <strong>Where is my number?</strong>
            <span>It is in the confirmation email we sent after your payment, and on your order page.</span>
          </div>
        </li>
        <li>
          <CustomerServiceOutlined />
          <div>
            <strong>Need a hand?</strong>
            <span>
              Cannot find it, or something looks wrong? <Link to="/site/contact">Write to us</Link> and the family will
              help.
            </span>
          </div>
        </li>
      </ul>
    </div>
  );
}
