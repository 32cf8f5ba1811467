import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space } from 'antd';
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
 * focus to the page. The number box keeps the arrow keys and typing.
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
  const atMin = value <= min;
  const atMax = value >= max;
  const step = (delta: number) => {
    const next = Math.min(max, Math.max(min, value + delta));
    if (next !== value) onChange(next);
  };
  const lowerLabel = label.charAt(0).toLowerCase() + label.slice(1);

  return (
    <Space.Compact className="qty-stepper" size={size}>
      <Button
        className="qty-stepper-btn"
        icon={<MinusOutlined />}
        aria-label={`Decrease ${lowerLabel}`}
        aria-disabled={atMin || undefined}
        disabled={disabled}
        data-testid={testId ? `${testId}-decrease` : undefined}
        onClick={() => step(-1)}
      />
      <InputNumber
        className="qty-stepper-input"
        id={id}
        min={min}
        max={max}
        precision={0}
        controls={false}
        inputMode="numeric"
        value={value}
        disabled={disabled}
        aria-label={label}
        data-testid={testId}
        // An emptied or out-of-range box leaves the quantity as it was; the box shows it again on blur.
        onChange={(next) => {
          if (typeof next === 'number' && next >= min && next <= max) onChange(next);
        }}
      />
      <Button
        className="qty-stepper-btn"
        icon={<PlusOutlined />}
        aria-label={`Increase ${lowerLabel}`}
        aria-disabled={atMax || undefined}
        disabled={disabled}
        data-testid={testId ? `${testId}-increase` : undefined}
        onClick={() => step(1)}
      />
    </Space.Compact>
  );
}
