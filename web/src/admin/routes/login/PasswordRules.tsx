import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { checkPassword, PASSWORD_RULES } from '@shop/shared';

/** SPEC §5's five live indicators: each rule turns green the moment the typed password meets it. */
export function PasswordRules({ password, repeat }: { password: string; repeat: string }) {
  const state = checkPassword(password, repeat);
  return (
    <ul className="login-rules" aria-label="Password requirements" data-testid="password-rules">
      {PASSWORD_RULES.map((rule) => {
        const ok = state[rule.id];
        return (
          <li
            key={rule.id}
            className={ok ? 'login-rule login-rule--ok' : 'login-rule'}
            data-testid={`password-rule-${rule.id}`}
            data-state={ok ? 'ok' : 'fail'}
          >
            {ok ? <CheckCircleFilled aria-hidden /> : <CloseCircleFilled aria-hidden />}
            <span>{rule.label}</span>
            <span className="login-sr-only">{ok ? ' (met)' : ' (not met yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
