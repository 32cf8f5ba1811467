import { parseQuantityInput } from '@shop/shared';
import { useId, useState, type KeyboardEvent } from 'react';
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
  /** What the box says above `max` when it is not the cart's own limit ("Only 3 left"). */
  tooMany?: string;
  disabled?: boolean;
  size?: 'middle' | 'large';
  /** Set on the number input itself, so tests can type into it. */
  testId?: string;
  /**
   * Told whether the box holds a usable quantity (false while it shows "2.5", "-3", "" and the like), and
   * whether what it holds is a whole number above `max` (the stock, when `tooMany` names it); told again
   * whenever its complaint changes.
   */
  onValidityChange?: (valid: boolean, tooMany: boolean) => void;
}

/**
 * − [n] + for a quantity (SPEC §5: at least 1; at most the cart's 999). Buttons at a limit stay focusable and
 * say aria-disabled instead of becoming disabled: a keyboard user pressing − down to 1 would otherwise lose
 * focus to the page. The box is a spinbutton: ↑/↓ step, and typing a whole number in range applies it at
 * once. Anything else ("2.5", "-3", "", 1000) is refused visibly (issue 23): the text stays as typed, the box
 * is marked invalid with a message beside it, and `onValidityChange(false)` lets the page hold back what
 * would use the quantity, until the shopper corrects it or steps with − / +.
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  id,
  min = 1,
  max = MAX_QUANTITY,
  tooMany,
  disabled = false,
  size = 'middle',
  testId,
  onValidityChange,
}: QuantityStepperProps) {
  // What the box shows while the shopper types; null when it shows `value` itself.
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = `${useId()}-error`;
  const [errorTooMany, setErrorTooMany] = useState(false);
  const showError = (message: string | null, tooManyNow = false) => {
    if ((message === null) !== (error === null) || tooManyNow !== errorTooMany) {
      onValidityChange?.(message === null, tooManyNow);
    }
    setError(message);
    setErrorTooMany(tooManyNow);
  };
  const atMin = value <= min;
  const atMax = value >= max;
  const apply = (next: number) => {
    const clamped = Math.min(max, Math.max(min, next));
    if (clamped !== value) onChange(clamped);
  };
  const step = (delta: number) => {
    setDraft(null);
    showError(null);
    apply(value + delta);
  };
  const lowerLabel = label.charAt(0).toLowerCase() + label.slice(1);

  const type = (text: string) => {
    setDraft(text);
    const parsed = parseQuantityInput(text, max, tooMany);
    if (!parsed.ok) {
      showError(parsed.message, parsed.tooMany === true);
      return;
    }
    showError(null);
    if (parsed.quantity !== value) onChange(parsed.quantity);
  };

  /** Leaving the box: a usable number is shown as the quantity ("007" → 7); a refused text stays to be fixed. */
  const settle = () => {
    if (draft === null || error !== null) return;
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
    <div className="qty-field">
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
          aria-invalid={error !== null || undefined}
          aria-describedby={error !== null ? errorId : undefined}
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
      {error !== null && (
        <p id={errorId} className="qty-field-error" role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </p>
      )}
    </div>
  );
}
