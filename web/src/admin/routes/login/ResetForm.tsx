import { LockOutlined } from '@ant-design/icons';
import { isPasswordAcceptable, MESSAGES } from '@shop/shared';
import { Alert, Button, Form, Input, Result, Spin } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { notify } from '../../../lib/notify';
import { checkInvite, resetPassword } from '../../api/auth';
import { PasswordRules } from './PasswordRules';

/** Payload's panel, where editors work; it shows its sign-in to a visitor without a session. */
const CMS_SIGN_IN = '/cms';

function InvalidLink() {
  return (
    <Result
      status="warning"
      title="This link is no longer valid"
      subTitle="Links to set a password work once and expire after a while. Ask for a new one, then open the newest email."
      extra={
        <Link to="/admin" replace data-testid="reset-back-to-login">
          Back to sign in
        </Link>
      }
      data-testid="reset-invalid"
    />
  );
}

interface Props {
  token: string;
}

/**
 * /admin/reset/{token} (SPEC §2 Login, §5): checks the link first, then asks for the new password twice
 * with the five live rule indicators.
 */
export function ResetForm({ token }: Props) {
  const navigate = useNavigate();
  // The envelope itself is the data: a 404 here is an answer to show, not a failure for SWR's error toast.
  const check = useSWR(['auth/invite', token], () => checkInvite(token), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [rulesFailed, setRulesFailed] = useState(false);
  const [linkExpired, setLinkExpired] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  if (check.isLoading || !check.data) {
    return (
      <div className="login-checking" data-testid="reset-checking">
        <Spin size="large" />
        <p>Checking your link…</p>
      </div>
    );
  }

  const { status, result } = check.data;
  if (linkExpired || status === 404 || status === 400) return <InvalidLink />;
  if (status !== 200 || !result) {
    return (
      <Result
        status="error"
        title={status === 429 ? MESSAGES.rateLimited.title : MESSAGES.generic.title}
        subTitle={status === 429 ? MESSAGES.rateLimited.description : MESSAGES.generic.description}
        extra={
          <Button onClick={() => void check.mutate()} data-testid="reset-retry">
            Try again
          </Button>
        }
        data-testid="reset-check-failed"
      />
    );
  }

  const onFinish = async () => {
    if (!isPasswordAcceptable(password, repeat)) {
      setRulesFailed(true);
      return;
    }
    setSubmitting(true);
    const reply = await resetPassword(token, password);
    setSubmitting(false);
    if (reply.status === 200) {
      // An editor signs in at the /cms panel only (the control centre refuses her): she goes there, a page
      // of its own outside this app.
      if (result.role === 'editor') {
        window.location.replace(CMS_SIGN_IN);
        return;
      }
      notify.success({ title: 'Password changed', description: 'Sign in with your new password.' });
      navigate('/admin', { replace: true });
    } else if (reply.status === 400) {
      setRulesFailed(true);
    } else if (reply.status === 404) {
      setLinkExpired(true);
    } else if (reply.status === 429) {
      notify.rateLimited();
    } else {
      notify.generic();
    }
  };

  return (
    <Form layout="vertical" requiredMark={false} onFinish={onFinish} className="login-form" data-testid="reset-form">
      <h2 className="login-title">Choose a new password</h2>
      <p className="login-lead">
        For <strong data-testid="reset-email">{result.email}</strong>
      </p>
      {/* Lets password managers store the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={result.email} readOnly hidden />
      {rulesFailed ? (
        <Alert
          type="error"
          showIcon
          title={MESSAGES.passwordRules.title}
          className="login-alert"
          data-testid="reset-rules-error"
        />
      ) : null}
      <Form.Item label="New password" validateStatus={rulesFailed ? 'error' : undefined}>
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setRulesFailed(false);
          }}
          data-testid="reset-password"
        />
      </Form.Item>
      <Form.Item label="Repeat the new password" validateStatus={rulesFailed ? 'error' : undefined}>
        <Input.Password
          size="large"
          prefix={<LockOutlined />}
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => {
            setRepeat(e.target.value);
            setRulesFailed(false);
          }}
          data-testid="reset-repeat"
        />
      </Form.Item>
      <PasswordRules password={password} repeat={repeat} />
      <Button type="primary" htmlType="submit" size="large" block loading={submitting} data-testid="reset-submit">
        Change password
      </Button>
    </Form>
  );
}
