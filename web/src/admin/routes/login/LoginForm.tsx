import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, MailOutlined } from '@ant-design/icons';
import { MESSAGES } from '@shop/shared';
import { EDITOR_SIGN_IN_REFUSED } from '@shop/shared/admin';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { lockNotice, login, startSession } from '../../api/auth';

interface Fields {
  email: string;
  password: string;
}

/**
 * SPEC §2 Login, §8: 200 signs in, 429 is a toast, anything else puts the form in its error state. A 403 comes
 * only after a right password for an editor's account, whose place is Payload's panel: it says so.
 */
export function LoginForm({ onForgot }: { onForgot: () => void }) {
  const [form] = Form.useForm<Fields>();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [failed, setFailed] = useState(false);
  const [editorOnly, setEditorOnly] = useState(false);

  const onFinish = async ({ email, password }: Fields) => {
    setSubmitting(true);
    setFailed(false);
    setEditorOnly(false);
    const reply = await login(email, password);
    setSubmitting(false);
    if (reply.status === 200) {
      startSession();
      navigate('/admin/home', { replace: true });
    } else if (reply.status === 429) {
      // The server says how long the lock lasts (issue 25 §1.12).
      // One lock notice at a time: each new try replaces it instead of stacking over the form (issue 31 §17).
      notify.error(lockNotice(reply.result), { key: 'login-locked' });
    } else if (reply.status === 403) {
      setEditorOnly(true);
      form.setFieldValue('password', '');
    } else {
      setFailed(true);
      form.setFieldValue('password', '');
    }
  };

  const errorStatus = failed ? 'error' : undefined;

  return (
    <Form<Fields>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={onFinish}
      onValuesChange={() => {
        setFailed(false);
        setEditorOnly(false);
      }}
      className="login-form"
      data-testid="login-form"
    >
      <h2 className="login-title">Sign in</h2>
      {failed ? (
        <Alert
          type="error"
          showIcon
          title={MESSAGES.loginFailed.title}
          className="login-alert"
          data-testid="login-error"
        />
      ) : null}
      {editorOnly ? (
        <Alert
          type="info"
          showIcon
          title={EDITOR_SIGN_IN_REFUSED}
          description={<a href="/cms">Open the content panel</a>}
          className="login-alert"
          data-testid="login-editor-only"
        />
      ) : null}
      <Form.Item
        label="Email"
        name="email"
        validateStatus={errorStatus}
        rules={[{ required: true, whitespace: true, message: 'Please enter your email' }]}
      >
        <Input
          size="large"
          prefix={<MailOutlined />}
          // No format check (SPEC §5): the server is the only judge, and says only "invalid".
          inputMode="email"
          autoComplete="username"
          autoFocus
          data-testid="login-email"
        />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        validateStatus={errorStatus}
        rules={[{ required: true, message: 'Please enter your password' }]}
      >
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          autoComplete="current-password"
          data-testid="login-password"
          iconRender={(visible) => (
            <span data-testid="login-password-toggle">{visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}</span>
          )}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={submitting} data-testid="login-submit">
        Log in
      </Button>
      <div className="login-forgot">
        <Button type="link" onClick={onForgot} data-testid="login-forgot">
          Forgot password?
        </Button>
      </div>
      <p className="login-note" data-testid="login-data-note">
        Your email and password are used only to sign you in to the shop&apos;s control centre. We keep a session cookie
        until you log out and never share your data. See our <Link to="/site/terms">terms</Link>.
      </p>
    </Form>
  );
}
