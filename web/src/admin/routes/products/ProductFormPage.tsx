import { type AdminProduct, currencySymbol, DEFAULT_CURRENCY, MAX_PRODUCT_PRICE } from '@shop/shared/admin';
import { Card, Form, Input, InputNumber, Select, Space } from 'antd';
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { refreshCategoryLists, useCategoryChoices } from '../../api/categories';
import { useAdminConfig } from '../../api/config';
import {
  createProduct,
  deleteProduct,
  refreshProductLists,
  reloadProduct,
  updateProduct,
  useAdminProduct,
} from '../../api/products';
import { PageHeader } from '../../components/PageHeader';
import { fieldStatus } from '../../components/form-errors';
import { useLeaveOnLoadError, useRecordForm } from '../../components/record-form';
import { FormLoading, ImageCard, PublicationFields, Toggle } from '../../components/form-fields';
import { PRODUCTS_PATH } from '../../components/catalog-paths';
import {
  discountUnitOptions,
  draftFromProduct,
  newProductDraft,
  PRODUCT_FIELDS,
  type ProductDraft,
  quantityUnitOptions,
  validateProduct,
} from './product-form';

interface FormProps {
  /** The product being edited; none on the add page. */
  product?: AdminProduct;
  currencyCode: string;
  quantityUnits: { value: string }[] | undefined;
  discountUnits: { value: string }[] | undefined;
}

/** The one form of the add and edit pages (SPEC §2 Product form). */
function ProductForm({ product, currencyCode, quantityUnits, discountUnits }: FormProps) {
  const { draft, errors, edit, actions } = useRecordForm({
    record: product,
    newDraft: newProductDraft,
    draftFrom: (record: AdminProduct) => draftFromProduct(record, currencyCode),
    validate: (current: ProductDraft) => validateProduct(current, currencyCode),
    fields: PRODUCT_FIELDS,
    create: createProduct,
    update: updateProduct,
    reload: reloadProduct,
    destroy: deleteProduct,
    refreshLists: () => {
      void refreshProductLists();
      // Product counts per category change with the product's categories.
      void refreshCategoryLists();
    },
    listPath: PRODUCTS_PATH,
    testIdPrefix: 'product',
  });
  const editing = product !== undefined;
  const categories = useCategoryChoices();

  const categoryOptions = useMemo(() => {
    const options = (categories.data?.items ?? []).map((category) => ({
      value: category.id,
      label: category.published ? category.name : `${category.name} (not published)`,
    }));
    // A category of the product missing from the list (deleted meanwhile) still shows by name.
    const known = new Set(options.map((option) => option.value));
    for (const category of product?.categories ?? []) {
      if (!known.has(category.id)) options.push({ value: category.id, label: category.name });
    }
    return options;
  }, [categories.data, product]);
  const quantityOptions = useMemo(() => quantityUnitOptions(quantityUnits), [quantityUnits]);
  const discountOptions = useMemo(
    () => discountUnitOptions(discountUnits, currencyCode),
    [discountUnits, currencyCode],
  );
  const symbol = currencySymbol(currencyCode);

  return (
    <div className="catalog-form-page">
      <PageHeader title={editing ? 'Edit product' : 'Add product'} extra={actions} />
      <Form layout="vertical" component="div" className="catalog-form" data-testid="product-form">
        <Card className="catalog-form-card catalog-form-main" title="Product">
          <Form.Item htmlFor="product-name" label="Name" required {...fieldStatus(errors, 'name')}>
            <Input
              value={draft.name}
              onChange={(event) => edit('name', event.target.value)}
              maxLength={160}
              placeholder="e.g. Extra virgin olive oil"
              id="product-name"
              data-testid="product-name"
            />
          </Form.Item>
          <Form.Item htmlFor="product-description" label="Description" {...fieldStatus(errors, 'description')}>
            <Input.TextArea
              value={draft.description}
              onChange={(event) => edit('description', event.target.value)}
              autoSize={{ minRows: 4, maxRows: 12 }}
              maxLength={5000}
              id="product-description"
              data-testid="product-description"
            />
          </Form.Item>
          <div className="catalog-form-grid">
            <Form.Item htmlFor="product-price" label="Price" required {...fieldStatus(errors, 'price')}>
              <InputNumber<number>
                value={draft.price}
                onChange={(value) => edit('price', typeof value === 'number' ? value : null)}
                min={0}
                max={MAX_PRODUCT_PRICE}
                step={0.01}
                precision={2}
                prefix={symbol}
                className="catalog-form-number"
                id="product-price"
                data-testid="product-price"
              />
            </Form.Item>
            <Form.Item htmlFor="product-categories" label="Categories" required {...fieldStatus(errors, 'categories')}>
              <Select
                mode="multiple"
                value={draft.categories}
                options={categoryOptions}
                onChange={(value: string[]) => edit('categories', value)}
                loading={categories.isLoading}
                placeholder="Choose categories"
                optionFilterProp="label"
                allowClear
                id="product-categories"
                data-testid="product-categories"
              />
            </Form.Item>
            <Form.Item
              label="Quantity"
              required
              {...fieldStatus(errors, errors.quantity_amount ? 'quantity_amount' : 'quantity_unit')}
            >
              <Space.Compact className="catalog-form-compact">
                <InputNumber<number>
                  value={draft.quantity_amount}
                  onChange={(value) => edit('quantity_amount', typeof value === 'number' ? value : null)}
                  min={0}
                  max={100000}
                  step={1}
                  className="catalog-form-number"
                  aria-label="Quantity amount"
                  data-testid="product-quantity-amount"
                />
                <Select
                  value={draft.quantity_unit || undefined}
                  options={quantityOptions}
                  onChange={(value?: string) => edit('quantity_unit', value ?? '')}
                  allowClear
                  placeholder="Unit"
                  className="catalog-form-unit"
                  aria-label="Quantity unit"
                  data-testid="product-quantity-unit"
                />
              </Space.Compact>
            </Form.Item>
            <Form.Item
              label="Discount"
              required
              {...fieldStatus(errors, errors.discount_amount ? 'discount_amount' : 'discount_unit')}
            >
              <Space.Compact className="catalog-form-compact">
                <InputNumber<number>
                  value={draft.discount_amount}
                  onChange={(value) => edit('discount_amount', typeof value === 'number' ? value : null)}
                  min={0}
                  max={MAX_PRODUCT_PRICE}
                  step={0.01}
                  className="catalog-form-number"
                  aria-label="Discount amount"
                  data-testid="product-discount-amount"
                />
                <Select
                  value={draft.discount_unit || undefined}
                  options={discountOptions}
                  onChange={(value?: string) => edit('discount_unit', value ?? '')}
                  allowClear
                  placeholder="Unit"
                  className="catalog-form-unit"
                  aria-label="Discount unit"
                  data-testid="product-discount-unit"
                />
              </Space.Compact>
            </Form.Item>
          </div>
        </Card>

        <div className="catalog-form-side">
          <ImageCard value={draft.img_id} error={errors.img_id} onChange={(id) => edit('img_id', id)} />
          <Card className="catalog-form-card" title="Sale and visibility">
            <Toggle
              label="Apply discount"
              hint="Shoppers pay the discounted price."
              checked={draft.apply_discount}
              onChange={(checked) => edit('apply_discount', checked)}
              testId="product-apply-discount"
            />
            <Toggle
              label="Apply shipping"
              hint="An order with this product pays the shipment fee."
              checked={draft.apply_shipping}
              onChange={(checked) => edit('apply_shipping', checked)}
              testId="product-apply-shipping"
            />
            <Toggle
              label="Item in stock"
              hint="Otherwise it shows as not available. A counted product follows its count."
              checked={draft.inventory_stock}
              onChange={(checked) => edit('inventory_stock', checked)}
              testId="product-inventory-stock"
            />
            <Form.Item
              label="Units in stock"
              extra={
                editing
                  ? 'Change the count with "Adjust stock" in the products list: each change keeps its reason.'
                  : 'Leave empty not to count this product. At 0 it is not available.'
              }
              {...fieldStatus(errors, 'stock_quantity')}
            >
              <InputNumber<number>
                value={editing ? (product?.stock_quantity ?? null) : (draft.stock_quantity ?? null)}
                onChange={(value) => edit('stock_quantity', typeof value === 'number' ? value : null)}
                disabled={editing}
                min={0}
                step={1}
                precision={0}
                className="catalog-form-number"
                aria-label="Units in stock"
                placeholder="Not counted"
                data-testid="product-stock-quantity"
              />
            </Form.Item>
            <Form.Item
              label="Low-stock threshold"
              extra='At or below it the shop says "Only N left".'
              {...fieldStatus(errors, 'low_stock_threshold')}
            >
              <InputNumber<number>
                value={draft.low_stock_threshold}
                onChange={(value) => edit('low_stock_threshold', typeof value === 'number' ? value : null)}
                min={0}
                step={1}
                precision={0}
                className="catalog-form-number"
                aria-label="Low-stock threshold"
                placeholder="None"
                data-testid="product-low-stock-threshold"
              />
            </Form.Item>
            <PublicationFields
              published={draft.published}
              publishAt={draft.publish_at}
              publishAtError={errors.publish_at}
              onPublishedChange={(checked) => edit('published', checked)}
              onPublishAtChange={(value) => edit('publish_at', value)}
              testIdPrefix="product"
            />
          </Card>
        </div>
      </Form>
    </div>
  );
}

/** /admin/products/add and /admin/products/edit/{id}. */
export default function ProductFormPage() {
  const { id } = useParams();
  const config = useAdminConfig();
  const product = useAdminProduct(id);

  useLeaveOnLoadError(product.error, PRODUCTS_PATH);

  const title = id ? 'Edit product' : 'Add product';
  // The discount's cash unit is shown as the shop's currency, so the form waits for the settings; if they
  // cannot be loaded the shop's default currency stands in rather than blocking the form.
  const configSettled = config.data !== undefined || config.error !== undefined;
  if (!configSettled || (id && !product.data)) return <FormLoading title={title} />;

  const currencyCode = config.data?.shop.currency_code ?? DEFAULT_CURRENCY;
  return (
    <ProductForm
      // A new form per record: going from one product to another never carries values over.
      key={product.data?.id ?? 'new'}
      product={product.data}
      currencyCode={currencyCode}
      quantityUnits={config.data?.constants.quantity_units}
      discountUnits={config.data?.constants.discount_units}
    />
  );
}
