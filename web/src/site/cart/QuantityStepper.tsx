import { useState, type KeyboardEvent } from 'react';
import { MinusIcon, PlusIcon } from '../ui/icons';
import { MAX_QUANTITY } from './cart';
import './quantity-stepper.css';

export interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** The input's accessible name ("Quantity", "Quantity of Olio Nuovo"); the buttons' names extend it. */
  label: string;
  /** For a visible <label htmlFor>. */
  id?: string;
  min?: number;
  max?: number;
  disabled?: boolean;
  size?: 'middle' | 'large';
  /** Set on the number input itself, so tests can type into it. */
  testId?: string;
}

/**
 * − [n] + for a quantity (SPEC §5: at least 1; at most the cart's 999). Buttons at a limit stay focusable and
 * say aria-disabled instead of becoming disabled: a keyboard user pressing − down to 1 would otherwise lose
 * focus to the page. The box is a spinbutton: ↑/↓ step, typing a whole number in range applies it at once,
 * and on leaving the box a number out of range settles at the nearest limit, anything else at the last value.
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  id,
  min = 1,
  max = MAX_QUANTITY,
  disabled = false,
  size = 'middle',
  testId,
}: QuantityStepperProps) {
  // What the box shows while the shopper types; null when it shows `value` itself.
  const [draft, setDraft] = useState<string | null>(null);
  const atMin = value <= min;
  const atMax = value >= max;
  const apply = (next: number) => {
    const clamped = Math.min(max, Math.max(min, next));
    if (clamped !== value) onChange(clamped);
  };
  const step = (delta: number) => {
    setDraft(null);
    apply(value + delta);
  };
  const lowerLabel = label.charAt(0).toLowerCase() + label.slice(1);

  const type = (text: string) => {
    const digits = text.replace(/[^\d]/g, '');
    setDraft(digits);
    const next = Number.parseInt(digits, 10);
    if (Number.isInteger(next) && next >= min && next <= max && next !== value) onChange(next);
  };

  const settle = () => {
    if (draft === null) return;
    const next = Number.parseInt(draft, 10);
    if (Number.isInteger(next)) apply(next);
    setDraft(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, () => void> = {
      ArrowUp: () => step(1),
      ArrowDown: () => step(-1),
      Home: () => step(min - value),
      End: () => step(max - value),
      Enter: settle,
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  };

  return (
    <div className={`qty-stepper qty-stepper--${size}`} data-disabled={disabled || undefined}>
      <button
        type="button"
        className="qty-stepper-btn qty-stepper-btn--start"
        aria-label={`Decrease ${lowerLabel}`}
        aria-disabled={atMin || undefined}
        disabled={disabled}
        data-testid={testId ? `${testId}-decrease` : undefined}
        onClick={() => step(-1)}
      >
        <MinusIcon />
      </button>
      <input
        className="qty-stepper-input"
        id={id}
        type="text"
        role="spinbutton"
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={value}
        value={draft ?? String(value)}
        disabled={disabled}
        data-testid={testId}
        onChange={(event) => type(event.target.value)}
        onBlur={settle}
        onKeyDown={onKeyDown}
      />
      <button
        type="button"
        className="qty-stepper-btn qty-stepper-btn--end"
        aria-label={`Increase ${lowerLabel}`}
        aria-disabled={atMax || undefined}
        disabled={disabled}
        data-testid={testId ? `${testId}-increase` : undefined}
        onClick={() => step(1)}
      >
        <PlusIcon />
      </button>
    </div>
  );
}
