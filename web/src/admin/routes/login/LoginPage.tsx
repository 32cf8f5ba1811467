import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { LogoMark } from '../../../site/layout/Logo';
import { useSessionFlag } from '../../session';
import { ForgotForm } from './ForgotForm';
import { LoginForm } from './LoginForm';
import { ResetForm } from './ResetForm';
import './login.css';

/**
 * /admin and /admin/reset/{token} (SPEC §2 Login): the sign-in form, or in reset mode the form that sets a
 * new password through an invite or reset link.
 */
export default function LoginPage() {
  const { token } = useParams();
  const signedIn = useSessionFlag();
  const [forgot, setForgot] = useState(false);

  // A signed-in admin who opens a reset link still gets the form: the link may be for another account.
  if (token === undefined && signedIn) return <Navigate to="/admin/home" replace />;

  return (
    <main className="login-page">
      <div className="login-card">
        <header className="login-brand">
          <LogoMark size={56} />
          <div>
            <h1 className="login-brand-name">Bottega di Famiglia</h1>
            <p className="login-brand-tag">Control centre</p>
          </div>
        </header>
        {token !== undefined ? (
          <ResetForm key={token} token={token} />
        ) : forgot ? (
          <ForgotForm onBack={() => setForgot(false)} />
        ) : (
          <LoginForm onForgot={() => setForgot(true)} />
        )}
      </div>
      <Link className="login-shop-link" to="/site">
        Back to the shop
      </Link>
    </main>
  );
}
