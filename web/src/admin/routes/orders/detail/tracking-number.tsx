import {
  isTrackingUrl,
  SHIPPING_CARRIER_LABELS,
  SHIPPING_CARRIERS,
  type ShippingCarrier,
  carrierOfNumber,
  carrierOfMethod,
  trackingNumberSchema,
} from '@shop/shared/admin';
import { Button, Input, type InputRef, Modal, Radio } from 'antd';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';

/** What the ship dialog answers: the parcel's tracking number (optional), its carrier, and OTHER's URL. */
export interface ShipAnswer {
  trackingNumber?: string;
  carrier?: ShippingCarrier;
  trackingUrl?: string;
}

/** Where the preselected carrier came from, said under the choice so the family can check it. */
function carrierHint(number: string, shippingMethod: string): { carrier: ShippingCarrier | null; hint: string } {
  const fromNumber = carrierOfNumber(number);
  if (fromNumber) return { carrier: fromNumber, hint: `${fromNumber}, from the tracking number's format.` };
  const fromMethod = carrierOfMethod(shippingMethod);
  if (fromMethod)
    return { carrier: fromMethod, hint: `${fromMethod}, from the shop's shipping method "${shippingMethod}".` };
  return { carrier: null, hint: "Choose the carrier: the shopper's mail links to its tracking page." };
}

/** Checks a typed tracking URL; '' when it may be sent. */
export function trackingUrlProblem(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '') return 'Another carrier needs its tracking URL';
  return isTrackingUrl(trimmed) ? '' : 'A tracking URL starts with https:// and has no spaces';
}

/**
 * The carrier choice of a shipment (issue 31 §12): USPS, UPS, FedEx, DHL or Other with its tracking URL.
 * `chosen` null: the preselection (`suggested`) stands.
 */
export function CarrierChoice({
  idPrefix,
  value,
  onChange,
  url,
  onUrlChange,
  urlError,
  hint,
  urlHelp,
}: {
  idPrefix: string;
  value: ShippingCarrier | null;
  onChange: (carrier: ShippingCarrier) => void;
  url: string;
  onUrlChange: (url: string) => void;
  urlError: string;
  hint: ReactNode;
  urlHelp?: string;
}) {
  return (
    <fieldset className="order-carrier">
      <legend className="order-carrier-legend">Carrier</legend>
      <Radio.Group
        value={value ?? undefined}
        onChange={(e) => onChange(e.target.value as ShippingCarrier)}
        options={SHIPPING_CARRIERS.map((carrier) => ({ value: carrier, label: SHIPPING_CARRIER_LABELS[carrier] }))}
        data-testid={`${idPrefix}-carrier`}
      />
      <div className="order-carrier-hint" data-testid={`${idPrefix}-carrier-hint`}>
        {hint}
      </div>
      {value === 'OTHER' ? (
        <div className="order-carrier-url">
          <label htmlFor={`${idPrefix}-tracking-url`}>Tracking URL</label>
          <Input
            id={`${idPrefix}-tracking-url`}
            value={url}
            maxLength={500}
            inputMode="url"
            autoComplete="off"
            placeholder="https://…"
            status={urlError ? 'error' : undefined}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? `${idPrefix}-tracking-url-error` : undefined}
            onChange={(e) => onUrlChange(e.target.value)}
            data-testid={`${idPrefix}-tracking-url`}
          />
          {urlHelp ? <div className="order-carrier-hint">{urlHelp}</div> : null}
          {urlError ? (
            <div id={`${idPrefix}-tracking-url-error`} role="alert" className="order-tracking-error">
              {urlError}
            </div>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * SPEC §4's "mark as shipped" confirmation: the carrier's tracking number (optional; the timeline keeps it)
 * and the carrier (issue 31 §12), preselected from the number's format or else the shop's shipping method.
 * It opens on the tracking number, and Enter there ships (issue 31 §14).
 */
export function ShipDialog({
  open,
  question,
  okText,
  shippingMethod,
  onShip,
  onCancel,
}: {
  open: boolean;
  question: string;
  okText: string;
  shippingMethod: string;
  onShip: (answer: ShipAnswer) => void;
  onCancel: () => void;
}) {
  const [number, setNumber] = useState('');
  const [chosen, setChosen] = useState<ShippingCarrier | null>(null);
  const [url, setUrl] = useState('');
  const [tried, setTried] = useState(false);
  const numberRef = useRef<InputRef>(null);
  const suggestion = carrierHint(number, shippingMethod);
  const carrier = chosen ?? suggestion.carrier;
  const numberInvalid = number.trim() !== '' && !trackingNumberSchema.safeParse(number).success;
  const urlError = carrier === 'OTHER' && (tried || url !== '') ? trackingUrlProblem(url) : '';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    setTried(true);
    if (numberInvalid || (carrier === 'OTHER' && trackingUrlProblem(url))) return;
    const trimmed = number.trim();
    onShip({
      ...(trimmed ? { trackingNumber: trimmed } : {}),
      ...(carrier ? { carrier } : {}),
      ...(carrier === 'OTHER' ? { trackingUrl: url.trim() } : {}),
    });
  };

  return (
    <Modal
      open={open}
      title="Mark as shipped"
      onCancel={onCancel}
      destroyOnHidden
      // Focus goes where the page sends it after the change (the next action), not back to the old button.
      focusTriggerAfterClose={false}
      afterOpenChange={(visible) => {
        if (visible) numberRef.current?.focus();
      }}
      footer={[
        <Button key="cancel" onClick={onCancel} data-testid="ship-cancel">
          Cancel
        </Button>,
        <Button key="ship" type="primary" htmlType="submit" form="order-ship-form" data-testid="confirm-ok">
          {okText}
        </Button>,
      ]}
    >
      <form id="order-ship-form" className="order-tracking-field" onSubmit={submit} noValidate>
        <p>{question}</p>
        <label htmlFor="order-tracking-input">Tracking number (optional)</label>
        <Input
          id="order-tracking-input"
          ref={numberRef}
          autoFocus
          value={number}
          maxLength={64}
          autoComplete="off"
          placeholder="e.g. 9400111899223847561234"
          status={numberInvalid ? 'error' : undefined}
          aria-invalid={numberInvalid || undefined}
          aria-describedby={numberInvalid ? 'order-tracking-error' : undefined}
          onChange={(e) => setNumber(e.target.value)}
          data-testid="order-tracking-input"
        />
        {numberInvalid ? (
          <div id="order-tracking-error" role="alert" className="order-tracking-error">
            Letters, digits, spaces and dashes only
          </div>
        ) : null}
        <CarrierChoice
          idPrefix="order-ship"
          value={carrier}
          onChange={setChosen}
          url={url}
          onUrlChange={setUrl}
          urlError={urlError}
          hint={chosen ? null : suggestion.hint}
        />
      </form>
    </Modal>
  );
}
