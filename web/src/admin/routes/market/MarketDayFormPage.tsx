import type { AdminMarketDay } from '@shop/shared/admin';
import { Card, Form, Input, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import { planMarketDay, refreshMarketDays } from '../../api/market';
import { FormActions } from '../../components/FormActions';
import { PageHeader } from '../../components/PageHeader';
import {
  type FieldErrors,
  fieldStatus,
  issuesToErrors,
  serverIssues,
  withoutError,
} from '../../components/form-errors';
import { Toggle } from '../../components/form-fields';
import { handleWriteResult } from '../../components/write-result';
import {
  MARKET_DAY_FIELDS,
  MARKET_PATH,
  type MarketDayDraft,
  type MarketDayField,
  MAX_REPEAT_WEEKS,
  marketDateText,
  marketDayPath,
  newMarketDayDraft,
  validateMarketDay,
  weeksLater,
} from './market-days';
import './market.css';

/** /admin/market/plan: a market day, or the same day for several weeks (issue 32 §1). */
export default function MarketDayFormPage() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<MarketDayDraft>(newMarketDayDraft);
  const [errors, setErrors] = useState<FieldErrors<MarketDayField>>({});
  const [saving, setSaving] = useState(false);

  const edit = <K extends MarketDayField>(field: K, value: MarketDayDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  const save = async () => {
    const checked = validateMarketDay(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      notify.invalidForm();
      return;
    }
    setSaving(true);
    notify.loading();
    // One day after the other: a refusal stops the rest, and the days already planned stay in the list.
    const planned: AdminMarketDay[] = [];
    for (const input of checked.inputs) {
      const envelope = await planMarketDay(input);
      const last = planned.length === checked.inputs.length - 1;
      if (envelope.status !== 201 || last) {
        const kind = handleWriteResult(envelope, {
          method: 'post',
          success: last
            ? { title: planned.length === 0 ? 'Market day planned' : `${checked.inputs.length} market days planned` }
            : undefined,
        });
        if (kind === 'invalid') setErrors(issuesToErrors(serverIssues(envelope.result), MARKET_DAY_FIELDS));
        if (kind !== 'success') {
          setSaving(false);
          void refreshMarketDays();
          return;
        }
      }
      planned.push(envelope.result);
    }
    setSaving(false);
    void refreshMarketDays();
    navigate(planned.length === 1 ? marketDayPath(planned[0].id) : MARKET_PATH);
  };

  const lastDate = draft.weeks > 1 && draft.date ? weeksLater(draft.date, draft.weeks - 1) : null;
  return (
    <div className="catalog-form-page market-form-page">
      <PageHeader
        title="Plan a market day"
        extra={
          <FormActions
            testIdPrefix="market-day"
            onBack={() => navigate(MARKET_PATH)}
            onSave={() => void save()}
            saving={saving}
          />
        }
      />
      <Form layout="vertical" component="div" className="catalog-form market-form" data-testid="market-day-form">
        <Card className="catalog-form-card catalog-form-main" title="Market day">
          <Form.Item
            htmlFor="market-place"
            label="Place"
            required
            {...fieldStatus(errors, 'place')}
            help={errors.place ?? 'The market as shoppers know it, e.g. "Union Square Greenmarket".'}
          >
            <Input
              id="market-place"
              value={draft.place}
              maxLength={120}
              onChange={(event) => edit('place', event.target.value)}
              data-testid="market-place"
            />
          </Form.Item>
          <Form.Item htmlFor="market-date" label="Date" required {...fieldStatus(errors, 'date')}>
            <Input
              id="market-date"
              type="date"
              value={draft.date}
              onChange={(event) => edit('date', event.target.value)}
              className="market-form-short"
              data-testid="market-date"
            />
          </Form.Item>
          <div className="market-form-hours">
            <Form.Item htmlFor="market-opens" label="Opens" required {...fieldStatus(errors, 'opens_at')}>
              <Input
                id="market-opens"
                type="time"
                value={draft.opens_at}
                onChange={(event) => edit('opens_at', event.target.value)}
                data-testid="market-opens"
              />
            </Form.Item>
            <Form.Item htmlFor="market-closes" label="Closes" required {...fieldStatus(errors, 'closes_at')}>
              <Input
                id="market-closes"
                type="time"
                value={draft.closes_at}
                onChange={(event) => edit('closes_at', event.target.value)}
                data-testid="market-closes"
              />
            </Form.Item>
          </div>
          <Toggle
            label="Pickup"
            hint="Online shoppers may choose to collect their order at this market, with no shipping."
            checked={draft.pickup}
            onChange={(checked) => edit('pickup', checked)}
            testId="market-pickup"
          />
        </Card>
        <div className="catalog-form-side">
          <Card className="catalog-form-card" title="Every week">
            <Form.Item
              htmlFor="market-weeks"
              label="Weeks"
              {...fieldStatus(errors, 'weeks')}
              help={
                errors.weeks ??
                (lastDate
                  ? `The same day every week, the last on ${marketDateText(lastDate)}.`
                  : '1: this day only. More: the same weekday, place and hours every week.')
              }
            >
              <InputNumber<number>
                id="market-weeks"
                value={draft.weeks}
                min={1}
                max={MAX_REPEAT_WEEKS}
                precision={0}
                onChange={(value) => edit('weeks', typeof value === 'number' ? value : 1)}
                className="catalog-form-number"
                data-testid="market-weeks"
              />
            </Form.Item>
            <Typography.Paragraph type="secondary" className="market-form-note">
              Each day is opened on the day with its cash float, and closed with the counted cash.
            </Typography.Paragraph>
          </Card>
        </div>
      </Form>
    </div>
  );
}
