import { Card, DatePicker, Form, Switch, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { AssetPicker } from './asset-picker/AssetPicker';
import { FormLoadingBody } from './FormActions';
import { PageHeader } from './PageHeader';
import './catalog-form.css';

/** SPEC §9: the admin's dates are month/day/year on a 12-hour clock. */
const PUBLISH_AT_FORMAT = 'MM/DD/YYYY hh:mm A';

interface ToggleProps {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}

/** A switch with its label and what it means for the shop; the whole row toggles it. */
export function Toggle({ label, hint, checked, onChange, testId }: ToggleProps) {
  return (
    <label className="catalog-form-toggle">
      <span className="catalog-form-toggle-text">
        <span className="catalog-form-toggle-label">{label}</span>
        <Typography.Text type="secondary" className="catalog-form-toggle-hint">
          {hint}
        </Typography.Text>
      </span>
      <Switch checked={checked} onChange={onChange} data-testid={testId} />
    </label>
  );
}

interface PublishAtProps {
  value: string | null;
  disabled: boolean;
  error?: string;
  onChange: (value: string | null) => void;
  testId: string;
}

/** "Publish now" (empty) or at a chosen time: the storefront shows the record from then on (SPEC §4). */
export function PublishAtField({ value, disabled, error, onChange, testId }: PublishAtProps) {
  const help: ReactNode = error ?? (disabled ? 'Not shown until published.' : 'Leave empty to publish at once.');
  return (
    <Form.Item
      label="Publish at"
      className="catalog-form-last"
      validateStatus={error ? 'error' : undefined}
      help={help}
    >
      <DatePicker
        showTime={{ format: 'hh:mm A', use12Hours: true, minuteStep: 5 }}
        format={PUBLISH_AT_FORMAT}
        value={value ? dayjs(value) : null}
        onChange={(date) => onChange(date ? date.second(0).millisecond(0).toISOString() : null)}
        disabled={disabled}
        allowClear
        placeholder="Now"
        className="catalog-form-date"
        classNames={{ popup: 'catalog-form-date-popup' }}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** The form's frame while its record and the shop's settings load. */
export function FormLoading({ title }: { title: string }) {
  return (
    <div className="catalog-form-page">
      <PageHeader title={title} />
      <Card className="catalog-form-card">
        <FormLoadingBody />
      </Card>
    </div>
  );
}

interface ImageCardProps {
  value: string | null;
  error?: string;
  onChange: (id: string | null) => void;
}

/** The record's one picture, chosen from the shop's assets. */
export function ImageCard({ value, error, onChange }: ImageCardProps) {
  return (
    <Card className="catalog-form-card" title="Image">
      <Form.Item className="catalog-form-last" {...(error ? { validateStatus: 'error' as const, help: error } : {})}>
        <AssetPicker value={value} onChange={onChange} invalid={!!error} />
      </Form.Item>
    </Card>
  );
}

interface PublicationFieldsProps {
  published: boolean;
  publishAt: string | null;
  publishAtError?: string;
  onPublishedChange: (published: boolean) => void;
  onPublishAtChange: (value: string | null) => void;
  /** `<prefix>-published` and `<prefix>-publish-at`, e.g. "product". */
  testIdPrefix: string;
}

/** Published and its publication time; the time only counts while the record is published. */
export function PublicationFields(props: PublicationFieldsProps) {
  return (
    <>
      <Toggle
        label="Published"
        hint="Shown on the storefront."
        checked={props.published}
        onChange={props.onPublishedChange}
        testId={`${props.testIdPrefix}-published`}
      />
      <PublishAtField
        value={props.publishAt}
        disabled={!props.published}
        error={props.publishAtError}
        onChange={props.onPublishAtChange}
        testId={`${props.testIdPrefix}-publish-at`}
      />
    </>
  );
}
