import { LockOutlined, SaveOutlined } from '@ant-design/icons';
import { type AdminConfig, currencySymbol } from '@shop/shared/admin';
import { Alert, Button, Card, Form, Input, InputNumber, Select, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { handleResult, notify } from '../../../lib/notify';
import { requestPasswordReset } from '../../api/auth';
import {
  refreshAdminConfig,
  saveAdminConfig,
  storeAdminConfig,
  useAdminConfig,
  useCategoryChoices,
} from '../../api/config';
import { confirmAction } from '../../components/confirm';
import { FormLoadingBody } from '../../components/FormActions';
import { fieldStatus } from '../../components/form-errors';
import { PageHeader } from '../../components/PageHeader';
import {
  categoryOptions,
  draftFromBody,
  draftFromConfig,
  settingsChanged,
  type SettingsDraft,
  type SettingsErrors,
  type SettingsField,
  tabOfField,
  validateSettings,
} from './settings-form';
import './settings.css';

type SettingsTab = 'shop' | 'other';

/** What each PayPal mode means for the shop (README "Which PayPal is running?"). */
const ENVIRONMENT_NOTES: Record<string, string> = {
  emulator: 'Local PayPal emulator: no money moves.',
  development: 'PayPal sandbox: test accounts only.',
  production: 'Live PayPal: real payments.',
};

const isSettingsTab = (value: string | null): value is SettingsTab => value === 'shop' || value === 'other';

interface FormState {
  /** The values last loaded or saved: Save stays disabled while the draft equals them. */
  baseline: SettingsDraft;
  draft: SettingsDraft;
}

function ReadOnlyTags({ values, testId, empty }: { values: readonly string[]; testId: string; empty: string }) {
  if (values.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <div className="settings-tags" data-testid={testId}>
      {values.map((value) => (
        <Tag key={value}>{value}</Tag>
      ))}
    </div>
  );
}

/** Settings (SPEC §2): the shop's display order, shipping and contact address, and the admin's password. */
export default function SettingsPage() {
  const { data: config, error } = useAdminConfig();
  const { data: categories, isLoading: categoriesLoading } = useCategoryChoices();
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: SettingsTab = isSettingsTab(tabParam) ? tabParam : 'shop';
  const showTab = (next: SettingsTab) =>
    setSearchParams(next === 'shop' ? {} : { tab: next }, { replace: true, preventScrollReset: true });

  // The form starts from the first settings that arrive and afterwards only from what a save returns, so a
  // background reload never overwrites what the admin is typing.
  const [form, setForm] = useState<FormState | null>(null);
  if (config && !form) {
    setForm({ baseline: draftFromConfig(config), draft: draftFromConfig(config) });
  }
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [saving, setSaving] = useState(false);
  const [resetting, setResetting] = useState(false);

  const changed = form ? settingsChanged(form.baseline, form.draft) : false;
  const options = useMemo(
    () => categoryOptions(categories ?? [], form?.draft.categories_order ?? []),
    [categories, form?.draft.categories_order],
  );

  const edit = <K extends SettingsField>(field: K, value: SettingsDraft[K]) => {
    setForm((current) => (current ? { ...current, draft: { ...current.draft, [field]: value } } : current));
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const save = async (loaded: AdminConfig, state: FormState) => {
    const checked = validateSettings(state.draft, loaded, categories);
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors)[0] as SettingsField;
      showTab(tabOfField(first));
      notify.invalidForm();
      return;
    }
    const confirmed = await confirmAction({
      title: 'Save settings',
      content:
        'The shop uses the new settings at once: the shipment fee applies to the next checkout. Are you sure you want to continue?',
      okText: 'Save',
    });
    if (!confirmed) return;
    setSaving(true);
    notify.loading();
    const envelope = await saveAdminConfig(checked.input);
    setSaving(false);
    if (handleResult(envelope, { method: 'post' }) !== 'success') return;
    // The server's reply is the truth (it trims and rounds); without one, what was sent is what was saved.
    let next: SettingsDraft;
    if (envelope.result?.shop) {
      void storeAdminConfig(envelope.result);
      next = draftFromConfig(envelope.result);
    } else {
      void refreshAdminConfig();
      next = draftFromBody(checked.input);
    }
    setForm({ baseline: next, draft: next });
    setErrors({});
  };

  const resetPassword = async () => {
    const confirmed = await confirmAction({
      title: 'Reset your password',
      content:
        'We will email you a link to choose a new password, and you will be signed out now. Are you sure you want to continue?',
      okText: 'Reset password',
    });
    if (!confirmed) return;
    setResetting(true);
    // On success the session ends and the guard takes the browser to /admin; failures show their notice.
    const kind = await requestPasswordReset();
    if (kind !== 'success') setResetting(false);
  };

  const saveButton = (
    <Button
      type="primary"
      icon={<SaveOutlined />}
      disabled={!changed || !config || !form}
      loading={saving}
      onClick={() => config && form && void save(config, form)}
      data-testid="settings-save"
    >
      Save
    </Button>
  );

  if (!config || !form) {
    return (
      <div className="settings-page">
        <PageHeader title="Settings" extra={saveButton} />
        <Card className="settings-card">
          {error ? (
            <Alert
              type="error"
              showIcon
              title="The settings could not be loaded"
              description="Reload the page or try again later."
            />
          ) : (
            <FormLoadingBody />
          )}
        </Card>
      </div>
    );
  }

  const { draft } = form;
  const symbol = currencySymbol(config.shop.currency_code);

  const shopTab = (
    <Form layout="vertical" className="settings-form" requiredMark={false} component="div">
      <Form.Item
        htmlFor="settings-categories-order"
        label="Categories display order"
        extra="The shop lists categories in the order chosen here; pick them one after another."
        {...fieldStatus(errors, 'categories_order')}
      >
        <Select
          mode="multiple"
          value={draft.categories_order}
          options={options}
          onChange={(value: string[]) => edit('categories_order', value)}
          loading={categoriesLoading}
          placeholder="Choose categories"
          optionFilterProp="label"
          allowClear
          id="settings-categories-order"
          data-testid="settings-categories-order"
          className="settings-categories"
          tagRender={({ label, value, closable, onClose }) => (
            <Tag
              closable={closable}
              onClose={onClose}
              className="settings-order-tag"
              // antd opens the dropdown on mousedown; a click on a tag's close icon must not open it.
              onMouseDown={(event) => {
                event.preventDefault();
                event.stopPropagation();
              }}
            >
              <span className="settings-order-position">{draft.categories_order.indexOf(String(value)) + 1}.</span>
              {label}
            </Tag>
          )}
        />
      </Form.Item>
      <div className="settings-grid">
        <Form.Item htmlFor="settings-currency" label="Accepted currency">
          <Input
            value={`${config.shop.currency_code} (${symbol})`}
            readOnly
            variant="filled"
            id="settings-currency"
            data-testid="settings-currency"
          />
        </Form.Item>
        <Form.Item htmlFor="settings-shipment-amount" label="Shipment fee" {...fieldStatus(errors, 'shipment_amount')}>
          <InputNumber<number>
            value={draft.shipment_amount}
            onChange={(value) => edit('shipment_amount', typeof value === 'number' ? value : null)}
            min={0}
            max={10000}
            step={0.01}
            precision={2}
            prefix={symbol}
            className="settings-amount"
            id="settings-shipment-amount"
            data-testid="settings-shipment-amount"
          />
        </Form.Item>
      </div>
      <Form.Item htmlFor="settings-shipment-method" label="Shipment method" {...fieldStatus(errors, 'shipment_method')}>
        <Input
          value={draft.shipment_method}
          onChange={(event) => edit('shipment_method', event.target.value)}
          maxLength={200}
          placeholder="e.g. UPS Ground, 3-5 business days"
          id="settings-shipment-method"
          data-testid="settings-shipment-method"
        />
      </Form.Item>
      <Form.Item
        htmlFor="settings-tracking-url-template"
        label="Tracking link"
        extra="Optional. For carriers the shop does not recognise (USPS, UPS, FedEx and DHL numbers link to their own pages): the shipping mail and the order page link here, {number} standing for the tracking number."
        {...fieldStatus(errors, 'tracking_url_template')}
      >
        <Input
          value={draft.tracking_url_template}
          onChange={(event) => edit('tracking_url_template', event.target.value)}
          maxLength={300}
          inputMode="url"
          autoComplete="off"
          placeholder="https://www.carrier.example/track?number={number}"
          id="settings-tracking-url-template"
          data-testid="settings-tracking-url-template"
        />
      </Form.Item>
      <Form.Item label="Accepted payment methods">
        <ReadOnlyTags values={config.shop.payment_method} testId="settings-payment-methods" empty="None" />
      </Form.Item>
      <Form.Item label="Shipment countries">
        <ReadOnlyTags values={config.shop.payment_country} testId="settings-payment-countries" empty="None" />
      </Form.Item>
    </Form>
  );

  const otherTab = (
    <Form layout="vertical" className="settings-form" requiredMark={false} component="div">
      <Form.Item
        htmlFor="settings-shop-name"
        label="Shop name"
        extra="Printed at the top of packing slips, invoices and pick lists."
        {...fieldStatus(errors, 'shop_name')}
      >
        <Input
          value={draft.shop_name}
          onChange={(event) => edit('shop_name', event.target.value)}
          maxLength={120}
          autoComplete="organization"
          id="settings-shop-name"
          data-testid="settings-shop-name"
        />
      </Form.Item>
      <Form.Item
        htmlFor="settings-shop-address"
        label="Postal address"
        extra="Printed under the shop name: street, town and country, one per line (at most 6 lines)."
        {...fieldStatus(errors, 'shop_address')}
      >
        <Input.TextArea
          value={draft.shop_address}
          onChange={(event) => edit('shop_address', event.target.value)}
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={600}
          autoComplete="street-address"
          id="settings-shop-address"
          data-testid="settings-shop-address"
        />
      </Form.Item>
      <Form.Item
        htmlFor="settings-admin-email"
        label="Admin email"
        extra="Where the shop sends new orders and contact messages."
        {...fieldStatus(errors, 'admin_email')}
      >
        <Input
          type="email"
          value={draft.admin_email}
          onChange={(event) => edit('admin_email', event.target.value)}
          maxLength={320}
          autoComplete="email"
          id="settings-admin-email"
          data-testid="settings-admin-email"
        />
      </Form.Item>
      <Form.Item label="Payment environment">
        <div className="settings-env">
          <Tag color={config.paypal_env === 'production' ? 'green' : 'gold'} data-testid="settings-payment-env">
            {config.paypal_env}
          </Tag>
          <Typography.Text type="secondary">{ENVIRONMENT_NOTES[config.paypal_env] ?? ''}</Typography.Text>
        </div>
      </Form.Item>
      <Form.Item label="Password" extra="You will be signed out and receive a link to choose a new password.">
        <Button
          icon={<LockOutlined />}
          onClick={() => void resetPassword()}
          loading={resetting}
          data-testid="settings-reset-password"
        >
          Reset your password
        </Button>
      </Form.Item>
    </Form>
  );

  return (
    <div className="settings-page">
      <PageHeader title="Settings" extra={saveButton} />
      <Card className="settings-card">
        <Tabs
          activeKey={tab}
          onChange={(key) => showTab(isSettingsTab(key) ? key : 'shop')}
          items={[
            { key: 'shop', label: <span data-testid="settings-tab-shop">Shop</span>, children: shopTab },
            { key: 'other', label: <span data-testid="settings-tab-other">Other</span>, children: otherTab },
          ]}
        />
      </Card>
    </div>
  );
}
