import { CheckCircleFilled, EnvironmentOutlined, MailOutlined, PhoneOutlined, SendOutlined } from '@ant-design/icons';
import { contactSchema, MESSAGES, STATIC_PAGE_META, type ContactInput } from '@shop/shared';
import { Button, Checkbox, Col, Form, Input, Row } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useActionData } from 'react-router-dom';
import { staticAssetUrl } from '../../lib/api';
import { handleResult, notify } from '../../lib/notify';
import { sendContact } from '../api/contacts';
import { type ContactField, INVALID_EMAIL_TEXT, INVALID_PHONE_TEXT, requiredText } from '../lib/contact-form';
import type { ContactActionData } from '../route-data';
import { SHOP_EMAIL, SHOP_PHONE, SHOP_PHONE_HREF } from '../shop-info';
import { useDocumentMeta } from '../lib/use-document-meta';
import './contact.css';

/** The shared contact message plus the terms box, which is checked here and never sent. */
type ContactFormValues = ContactInput & { terms?: boolean };

// Same character rule as the shared contactSchema, so the form flags what the server would refuse.
const PHONE_PATTERN = /^[+()\d\s.-]*$/;
const TERMS_WARNING_KEY = 'contact-terms-required';
const required = (field: ContactField) => ({ required: true, whitespace: true, message: requiredText(field) });

function ContactInfo() {
  return (
    <aside className="contact-info" data-testid="contact-info">
      <div className="contact-info-media">
        <img
          src={staticAssetUrl('contact-us.webp')}
          alt="Our bottega counter"
          className="contact-info-img"
          loading="lazy"
        />
      </div>
      <div className="contact-info-body">
        <h2>Talk to the family</h2>
        <p>Questions about a product, an order or a gift box? We answer every message ourselves.</p>
        <ul>
          <li>
            <PhoneOutlined />
            <div>
              <span>Phone</span>
              <a href={SHOP_PHONE_HREF}>{SHOP_PHONE}</a>
            </div>
          </li>
          <li>
            <MailOutlined />
            <div>
              <span>Email</span>
              <a href={`mailto:${SHOP_EMAIL}`}>{SHOP_EMAIL}</a>
            </div>
          </li>
          <li>
            <EnvironmentOutlined />
            <div>
              <span>In person</span>
              At our stall at the weekend farmers' markets
            </div>
          </li>
        </ul>
      </div>
    </aside>
  );
}

/** Who wrote, as the thank-you names them. */
interface SentMessage {
  firstname: string;
  email: string;
}

/**
 * What stays in the page once a message is sent (issue 23): the thanks, where the answer will go, and a way to
 * write again. It takes the focus, so a keyboard or screen-reader user lands on it instead of on nothing.
 */
function ContactSent({ sent, onAnother }: { sent: SentMessage; onAnother: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    // The panel's top comes to rest below the toasts' corner (its scroll-margin, contact.css), so the
    // success toast never covers the thanks (issue 31 §7: on a phone it sat over the panel).
    panel.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <div ref={panel} className="contact-sent" role="status" data-testid="contact-sent">
      <CheckCircleFilled className="contact-sent-icon" aria-hidden />
      <h2 ref={heading} tabIndex={-1} className="contact-sent-title">
        Thank you, {sent.firstname}!
      </h2>
      <p>
        Your message has reached us. One of the family will answer at <strong>{sent.email}</strong>, usually within a
        working day.
      </p>
      <Button size="large" onClick={onAnother} data-testid="contact-send-another">
        Send another message
      </Button>
    </div>
  );
}

/**
 * The form sent without JavaScript comes back through the route's action (site/route-data.ts): the thanks, or
 * the typed values with SPEC §8's reason and each refused field's words, shown until that field is changed.
 */
function useSentWithoutScript() {
  const answer = useActionData() as ContactActionData | undefined;
  const refused = answer && 'values' in answer ? answer : null;
  const [fieldErrors, setFieldErrors] = useState(refused?.fieldErrors ?? {});
  return {
    sent: answer && 'sent' in answer ? answer.sent : null,
    values: refused ? { ...refused.values, terms: refused.values.terms === 'on' } : undefined,
    notice: refused?.notice ?? null,
    fieldError: (field: ContactField) => {
      const reason = fieldErrors[field];
      // As the field's "extra" line rather than antd's animated help, which is drawn only once scripts run.
      return reason
        ? { validateStatus: 'error' as const, extra: <span className="contact-field-error">{reason}</span> }
        : {};
    },
    forget: (fields: string[]) =>
      setFieldErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([name]) => !fields.includes(name)))),
  };
}

/** SPEC §8's words for a form sent without JavaScript that was not sent on. */
function ContactNotice({ notice }: { notice: { title: string; description?: string } }) {
  return (
    <div className="contact-notice" role="alert" data-testid="contact-notice">
      <strong>{notice.title}</strong>
      {notice.description && <span>{notice.description}</span>}
    </div>
  );
}

export default function Contact() {
  useDocumentMeta(STATIC_PAGE_META.contact, { path: '/site/contact' });
  const [form] = Form.useForm<ContactFormValues>();
  const [sending, setSending] = useState(false);
  const withoutScript = useSentWithoutScript();
  const [sent, setSent] = useState<SentMessage | null>(withoutScript.sent);

  // One key: pressing "Send" again replaces the warning, and ticking the box takes it away.
  const warnTerms = () => notify.warning(MESSAGES.contactTermsRequired, { key: TERMS_WARNING_KEY });

  const onFinish = async (values: ContactFormValues) => {
    // SPEC §5: without the terms ticked nothing is sent.
    if (!values.terms) {
      warnTerms();
      return;
    }
    const { terms: _terms, ...fields } = values;
    const parsed = contactSchema.safeParse(fields);
    if (!parsed.success) {
      notify.invalidForm();
      return;
    }
    setSending(true);
    notify.loading();
    const envelope = await sendContact(parsed.data);
    setSending(false);
    if (handleResult(envelope, { method: 'post' }) === 'success') {
      form.resetFields();
      setSent({ firstname: parsed.data.firstname, email: parsed.data.email });
    }
  };

  return (
    <div className="page contact">
      <span className="eyebrow">Get in touch</span>
      <h1 className="page-title">Contact us</h1>
      <p className="page-lead">Write to us and one of the family will get back to you, usually within a working day.</p>

      <div className="contact-layout">
        <ContactInfo />
        <div className="contact-form-card">
          {sent && <ContactSent sent={sent} onAnother={() => setSent(null)} />}
          {!sent && withoutScript.notice && <ContactNotice notice={withoutScript.notice} />}
          {/* method and action make it a form that works without JavaScript too (issue 33); with it, antd
              stops the browser's submit and sends the message itself. */}
          <Form<ContactFormValues>
            hidden={sent !== null}
            form={form}
            method="post"
            action="/site/contact"
            initialValues={withoutScript.values}
            layout="vertical"
            size="large"
            onFinish={(values) => void onFinish(values)}
            onFinishFailed={({ values }) => {
              if (!values.terms) warnTerms();
            }}
            onValuesChange={(changed: Partial<ContactFormValues>) => {
              withoutScript.forget(Object.keys(changed));
              // A warning goes once its cause is fixed.
              if (changed.terms) notify.dismiss(TERMS_WARNING_KEY);
            }}
            data-testid="contact-form"
          >
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item
                  {...withoutScript.fieldError('firstname')}
                  name="firstname"
                  label="First name"
                  rules={[required('firstname'), { max: 100 }]}
                >
                  <Input name="firstname" autoComplete="given-name" data-testid="contact-firstname" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  {...withoutScript.fieldError('lastname')}
                  name="lastname"
                  label="Last name"
                  rules={[required('lastname'), { max: 100 }]}
                >
                  <Input name="lastname" autoComplete="family-name" data-testid="contact-lastname" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  {...withoutScript.fieldError('email')}
                  name="email"
                  label="Email"
                  rules={[required('email'), { type: 'email', message: INVALID_EMAIL_TEXT }, { max: 200 }]}
                >
                  <Input name="email" type="email" autoComplete="email" data-testid="contact-email" />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item
                  {...withoutScript.fieldError('telephone')}
                  name="telephone"
                  label="Telephone (optional)"
                  rules={[{ pattern: PHONE_PATTERN, message: INVALID_PHONE_TEXT }, { max: 40 }]}
                >
                  <Input name="telephone" type="tel" autoComplete="tel" data-testid="contact-telephone" />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              {...withoutScript.fieldError('title')}
              name="title"
              label="Subject"
              rules={[required('title'), { max: 200 }]}
            >
              <Input name="title" data-testid="contact-title" />
            </Form.Item>
            <Form.Item
              {...withoutScript.fieldError('message')}
              name="message"
              label="Message"
              rules={[required('message'), { max: 5000 }]}
            >
              <Input.TextArea name="message" rows={6} showCount maxLength={5000} data-testid="contact-message" />
            </Form.Item>
            <Form.Item name="terms" valuePropName="checked" className="contact-terms">
              <Checkbox name="terms" data-testid="contact-terms">
                I have read and accept the <Link to="/site/terms">Terms and Conditions</Link>
              </Checkbox>
            </Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              icon={<SendOutlined />}
              loading={sending}
              data-testid="contact-submit"
              block
            >
              Send message
            </Button>
          </Form>
        </div>
      </div>
    </div>
  );
}
