import { trackingNumberSchema } from '@shop/shared/admin';
import { Input } from 'antd';
import { useState } from 'react';
import { confirmAction } from '../../../components/confirm';

function TrackingField({ question, onChange }: { question: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  const invalid = value.trim() !== '' && !trackingNumberSchema.safeParse(value).success;
  return (
    <div className="order-tracking-field">
      <p>{question}</p>
      <label htmlFor="order-tracking-input">Tracking number (optional)</label>
      <Input
        id="order-tracking-input"
        value={value}
        maxLength={64}
        autoComplete="off"
        placeholder="e.g. 1Z999AA10123456784"
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid || undefined}
        onChange={(e) => {
          setValue(e.target.value);
          onChange(e.target.value);
        }}
        data-testid="order-tracking-input"
      />
      {invalid ? (
        <div role="alert" className="order-tracking-error">
          Letters, digits, spaces and dashes only
        </div>
      ) : null}
    </div>
  );
}

export type TrackingAnswer = { confirmed: false } | { confirmed: true; trackingNumber: string | undefined };

/**
 * SPEC §4's "mark as shipped" confirmation with a field for the carrier's tracking number, which the order's
 * timeline keeps. Left empty, the order is shipped without one.
 */
export async function askToShip(question: string, okText: string): Promise<TrackingAnswer> {
  let typed = '';
  const confirmed = await confirmAction({
    content: <TrackingField question={question} onChange={(v) => (typed = v)} />,
    okText,
  });
  if (!confirmed) return { confirmed: false };
  const trimmed = typed.trim();
  return { confirmed: true, trackingNumber: trimmed === '' ? undefined : trimmed };
}
