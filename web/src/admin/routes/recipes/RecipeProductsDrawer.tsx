import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import {
  type AdminRecipe,
  type AdminRecipeProduct,
  formatMoney,
  MAX_RECIPE_PRODUCT_QUANTITY,
  MAX_RECIPE_PRODUCTS,
} from '@shop/shared/admin';
import { Alert, Button, Drawer, Empty, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { handleResult } from '../../../lib/notify';
import { refreshRecipes, saveRecipeProducts, useAdminRecipe, useProductChoices } from '../../api/recipes';
import { mergeSelection, moveItem, productLines, refusalLines } from './recipe-products';

interface Props {
  /** The recipe being edited; null closes the drawer. */
  recipe: AdminRecipe | null;
  /** The width the drawer takes: the whole screen on a phone. */
  width: number | string;
  onClose: () => void;
}

/** What the drawer knows of a product: from the recipe, or from a search it appeared in. */
type Known = Map<string, AdminRecipeProduct>;

const SEARCH_WAIT_MS = 250;

function ProductLabel({ product }: { product: AdminRecipeProduct }) {
  return (
    <span className="recipe-drawer-option">
      <span>{product.name}</span>
      <Typography.Text type="secondary"> · {formatMoney(product.price)}</Typography.Text>
      {!product.published && <Tag className="recipe-drawer-tag">Not published</Tag>}
      {product.published && !product.inventory_stock && (
        <Tag color="orange" className="recipe-drawer-tag">
          Out of stock
        </Tag>
      )}
    </span>
  );
}

const toChoice = (p: Omit<AdminRecipeProduct, 'quantity'>): AdminRecipeProduct => ({
  id: p.id,
  name: p.name,
  price: p.price,
  published: p.published,
  inventory_stock: p.inventory_stock,
  quantity: 1,
});

/**
 * The drawer around the form: it opens with the row's copy of the recipe and starts the form over when the
 * fresh copy arrives (a new key), so what is saved starts from what the server holds now.
 */
export function RecipeProductsDrawer({ recipe, width, onClose }: Props) {
  const { data: fresh } = useAdminRecipe(recipe?.id);
  const source = recipe ? (fresh ?? recipe) : null;
  return (
    <Drawer
      open={recipe !== null}
      onClose={onClose}
      width={width}
      title={source ? `Products for ${source.name}` : 'Products'}
      destroyOnHidden
      data-testid="recipe-drawer"
    >
      {source && <RecipeProductsForm key={`${source.id}:${source.updated_at}`} recipe={source} onClose={onClose} />}
    </Drawer>
  );
}

/**
 * The products of one recipe: a searchable multi-select to add and remove them (new ones go last), and the
 * chosen list with up/down buttons for the order shoppers see. Only published products can be chosen; the
 * server refuses any other with a reason shown here.
 */
function RecipeProductsForm({ recipe, onClose }: { recipe: AdminRecipe; onClose: () => void }) {
  const [ids, setIds] = useState<string[]>(() => recipe.products.map((p) => p.id));
  /** How many of each product "Add all to cart" adds; a product without an entry uses 1. */
  const [quantities, setQuantities] = useState<Record<string, number>>(() =>
    Object.fromEntries(recipe.products.map((p) => [p.id, p.quantity])),
  );
  /** Products met in earlier searches, so a chosen one keeps its name after the search moves on. */
  const [seen, setSeen] = useState<Known>(() => new Map());
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string[]>([]);
  const { data: choices, isLoading: searching } = useProductChoices(search);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), SEARCH_WAIT_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const known = useMemo(() => {
    const all: Known = new Map(recipe.products.map((p) => [p.id, p]));
    for (const [id, p] of seen) all.set(id, p);
    for (const p of choices?.items ?? []) all.set(p.id, toChoice(p));
    return all;
  }, [recipe, seen, choices]);

  const options = useMemo(() => {
    // The chosen products stay among the options, so their tags keep a name whatever was searched.
    const listed = new Map<string, AdminRecipeProduct>();
    for (const id of ids) {
      const p = known.get(id);
      if (p) listed.set(id, p);
    }
    for (const p of choices?.items ?? []) listed.set(p.id, toChoice(p));
    return [...listed.values()].map((p) => ({
      value: p.id,
      label: p.name,
      disabled: !p.published && !ids.includes(p.id),
      product: p,
    }));
  }, [choices, ids, known]);

  const lines = productLines(ids, quantities);
  const changed =
    JSON.stringify(lines) !==
    JSON.stringify(
      productLines(
        recipe.products.map((p) => p.id),
        quantities,
        recipe.products,
      ),
    );

  const choose = (next: string[]) => {
    setSeen((current) => {
      const more = new Map(current);
      for (const id of next) {
        const p = known.get(id);
        if (p) more.set(id, p);
      }
      return more;
    });
    setIds((current) => mergeSelection(current, next));
    setRefusal([]);
  };

  const save = async () => {
    setSaving(true);
    const envelope = await saveRecipeProducts(recipe.id, { products: lines });
    setSaving(false);
    const kind = handleResult(envelope, { method: 'put', success: { title: 'Recipe products saved' } });
    if (kind === 'invalid') {
      setRefusal(refusalLines(envelope.result));
      return;
    }
    if (kind !== 'success') return;
    await refreshRecipes(recipe.id);
    onClose();
  };

  return (
    <Space orientation="vertical" size="middle" className="recipe-drawer-body">
      <Typography.Paragraph type="secondary" className="recipe-drawer-help">
        Shoppers see these products on the recipe page, in this order, with an “Add all to cart” button that adds the
        quantity given here. Up to {MAX_RECIPE_PRODUCTS}; only published products can be chosen. The recipe&apos;s text
        and publishing stay in the content panel.
      </Typography.Paragraph>
      <label className="recipe-drawer-label" htmlFor="recipe-products-select">
        Products
      </label>
      <Select
        id="recipe-products-select"
        mode="multiple"
        showSearch
        filterOption={false}
        searchValue={typed}
        onSearch={setTyped}
        onBlur={() => setTyped('')}
        value={ids}
        onChange={choose}
        maxCount={MAX_RECIPE_PRODUCTS}
        loading={searching}
        placeholder="Search products by name"
        notFoundContent={searching ? 'Searching…' : 'No product matches'}
        options={options}
        optionRender={(option) => <ProductLabel product={option.data.product} />}
        className="recipe-drawer-select"
        data-testid="recipe-products-select"
      />
      {refusal.length > 0 && (
        <Alert
          type="error"
          showIcon
          title="Not saved"
          description={refusal.map((line) => (
            <div key={line}>{line}</div>
          ))}
          data-testid="recipe-drawer-refusal"
        />
      )}
      {ids.length === 0 ? (
        <Empty description="No products yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ol className="recipe-drawer-list" aria-label="Chosen products, in the order shoppers see them">
          {ids.map((id, index) => {
            const product = known.get(id);
            const name = product?.name ?? id;
            return (
              <li key={id} className="recipe-drawer-item" data-testid="recipe-drawer-item">
                <span className="recipe-drawer-position">{index + 1}</span>
                <span className="recipe-drawer-name">{product ? <ProductLabel product={product} /> : id}</span>
                <Space size={4} wrap>
                  <InputNumber
                    size="small"
                    min={1}
                    max={MAX_RECIPE_PRODUCT_QUANTITY}
                    precision={0}
                    value={quantities[id] ?? 1}
                    onChange={(value) =>
                      setQuantities((current) => ({ ...current, [id]: typeof value === 'number' ? value : 1 }))
                    }
                    prefix="×"
                    aria-label={`Quantity of ${name}`}
                    className="recipe-drawer-quantity"
                    data-testid="recipe-drawer-quantity"
                  />
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => setIds((current) => moveItem(current, index, -1))}
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={`Move ${name} down`}
                    disabled={index === ids.length - 1}
                    onClick={() => setIds((current) => moveItem(current, index, 1))}
                  />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Remove ${name}`}
                    onClick={() => setIds((current) => current.filter((other) => other !== id))}
                  />
                </Space>
              </li>
            );
          })}
        </ol>
      )}
      <div className="recipe-drawer-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" loading={saving} disabled={!changed} onClick={save} data-testid="recipe-drawer-save">
          Save
        </Button>
      </div>
    </Space>
  );
}
