import { MailOutlined } from '@ant-design/icons';
import { AUTH_RESULTS } from '@shop/shared/admin';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { lockNotice, requestResetByEmail } from '../../api/auth';

interface Fields {
  email: string;
}

/**
 * "Forgot password?" on the sign-in screen (issue 25 §1.12): the email gets a reset link when it has an
 * account. The answer is the same whether it has one or not, so the screen cannot be used to find out which
 * emails do; the server throttles the requests like sign-ins.
 */
export function ForgotForm({ onBack }: { onBack: () => void }) {
  const [form] = Form.useForm<Fields>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const onFinish = async ({ email }: Fields) => {
    setSending(true);
    const reply = await requestResetByEmail(email);
    setSending(false);
    if (reply.status === 200) setSent(true);
    else if (reply.status === 429) notify.error(lockNotice(reply.result));
    else if (reply.status === 400) notify.invalidForm();
    else notify.generic();
  };

  return (
    <Form<Fields>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      className="login-form"
      data-testid="forgot-form"
    >
      <h2 className="login-title">Forgot password?</h2>
      {sent ? (
        <Alert
          type="success"
          showIcon
          title={AUTH_RESULTS.resetLinkSentIfKnown}
          description="The link works for one hour. Check your spam folder if nothing arrives."
          className="login-alert"
          data-testid="forgot-sent"
        />
      ) : (
        <>
          <p className="login-lead">
            Enter your account&apos;s email and we will send you a link to choose a new password.
          </p>
          <Form.Item
            label="Email"
            name="email"
            rules={[{ required: true, whitespace: true, message: 'Please enter your email' }]}
          >
            <Input
              size="large"
              prefix={<MailOutlined />}
              inputMode="email"
              autoComplete="username"
              autoFocus
              data-testid="forgot-email"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={sending} data-testid="forgot-submit">
            Send reset link
          </Button>
        </>
      )}
      <div className="login-forgot">
        <Button type="link" onClick={onBack} data-testid="forgot-back">
          Back to sign in
        </Button>
      </div>
    </Form>
  );
}
