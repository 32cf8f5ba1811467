import { PictureOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  type AdminCategory,
  type AdminProduct,
  DEFAULT_CURRENCY,
  formatMoney,
  formatTableDate,
} from '@shop/shared/admin';
import {
  Button,
  type ButtonProps,
  Card,
  Grid,
  Input,
  InputNumber,
  Modal,
  Select,
  Table,
  type TableColumnsType,
  type TableProps,
  Tag,
} from 'antd';
import { type HTMLAttributes, useCallback, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { assetUrl } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { type CategoriesListParams, useAdminCategories } from '../../api/categories';
import { useAdminConfig } from '../../api/config';
import {
  adjustProductStock,
  type InventoryFilter,
  type ProductsListParams,
  refreshProductLists,
  useAdminProducts,
} from '../../api/products';
import { PageHeader } from '../../components/PageHeader';
import {
  CATALOG_TABS,
  type CatalogStep,
  categoriesFiltersToSearchParams,
  isCatalogStep,
  PAGE_SIZES,
  parseCategoriesFilters,
  parseProductsFilters,
  PRODUCTS_PATH,
  productsFiltersToSearchParams,
  sortFromTable,
  sortOrderOf,
} from './list-filters';
import { PUBLICATION_DISPLAY, publicationState, publicationText } from './publication';
import './products.css';

interface SearchBarProps {
  value: string;
  placeholder: string;
  onSearch: (text: string) => void;
  /** Prefix of the input's and buttons' data-testid. */
  testId: string;
}

/**
 * A name search with Search and Reset; Enter searches too. Keeps what is typed until it is searched; the
 * caller keys it by the URL's search, so back/forward shows the search of that page.
 */
function SearchBar({ value, placeholder, onSearch, testId }: SearchBarProps) {
  const [text, setText] = useState(value);
  return (
    <div className="catalog-search">
      <Input
        value={text}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => onSearch(text.trim())}
        placeholder={placeholder}
        prefix={<SearchOutlined />}
        maxLength={100}
        allowClear
        className="catalog-search-input"
        data-testid={`${testId}-input`}
      />
      <Button type="primary" onClick={() => onSearch(text.trim())} data-testid={`${testId}-search`}>
        Search
      </Button>
      <Button
        onClick={() => {
          setText('');
          onSearch('');
        }}
        data-testid={`${testId}-reset`}
      >
        Reset
      </Button>
    </div>
  );
}

function Thumbnail({ id }: { id: string | null | undefined }) {
  return id ? (
    <img src={assetUrl(id, 'thumbnail')} alt="" loading="lazy" className="catalog-thumb" />
  ) : (
    <span className="catalog-thumb catalog-thumb--none" aria-hidden>
      <PictureOutlined />
    </span>
  );
}

function PublicationTag({ published, publishAt }: { published: boolean; publishAt: string | null }) {
  const state = publicationState(published, publishAt);
  return (
    <Tag color={PUBLICATION_DISPLAY[state].color} className="catalog-tag" data-state={state}>
      {publicationText(state, publishAt)}
    </Tag>
  );
}

/** What a failed call says: the server's message, or the first field's. */
function messageOf(result: unknown): string {
  if (result && typeof result === 'object' && 'message' in result) return String(result.message);
  if (Array.isArray(result) && result[0] && typeof result[0] === 'object' && 'message' in result[0]) {
    return String(result[0].message);
  }
  return 'The count could not be changed. Please try again.';
}

/**
 * "Adjust stock" (issue 24): a change of the count (the market day's sales are negative, a delivery positive)
 * with its reason, which goes on the audit log. The server refuses a count below 0.
 */
function AdjustStockModal({ product, onClose }: { product: AdminProduct; onClose: () => void }) {
  const [change, setChange] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const current = product.stock_quantity ?? 0;
  const valid = change !== null && Number.isInteger(change) && change !== 0 && reason.trim() !== '';
  const save = async () => {
    if (!valid) return;
    setSaving(true);
    const res = await adjustProductStock(product.id, { change, reason: reason.trim() });
    setSaving(false);
    if (res.status === 200) {
      // SPEC §8: a save says it succeeded, as every other save does.
      notify.requestSent();
      await refreshProductLists();
      onClose();
    } else {
      setError(messageOf(res.result));
    }
  };
  return (
    <Modal
      open
      title={`Adjust stock: ${product.name}`}
      okText="Save"
      onOk={() => void save()}
      okButtonProps={{ disabled: !valid, loading: saving, 'data-testid': 'stock-adjust-save' } as ButtonProps}
      onCancel={onClose}
      destroyOnHidden
    >
      <p data-testid="stock-adjust-current">
        {product.stock_quantity === null ? 'Not counted yet: the count starts at 0.' : `${current} left now.`}
      </p>
      <label className="stock-adjust-field">
        <span>Change (e.g. -4 sold at the market, 12 delivered)</span>
        <InputNumber<number>
          value={change}
          onChange={(value) => setChange(typeof value === 'number' ? value : null)}
          step={1}
          precision={0}
          aria-label="Change"
          data-testid="stock-adjust-change"
        />
      </label>
      <label className="stock-adjust-field">
        <span>Reason</span>
        <Input
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={200}
          aria-label="Reason"
          data-testid="stock-adjust-reason"
        />
      </label>
      {change !== null && Number.isInteger(change) && <p data-testid="stock-adjust-after">After: {current + change}</p>}
      {error && (
        <p role="alert" className="stock-adjust-error" data-testid="stock-adjust-error">
          {error}
        </p>
      )}
    </Modal>
  );
}

// antd passes row props through to the <tr>, data-* included, though its type does not list them.
const rowProps = (testId: string, open: () => void) =>
  ({
    onClick: open,
    onKeyDown: (event) => {
      if (event.key === 'Enter') open();
    },
    tabIndex: 0,
    'data-testid': testId,
  }) as HTMLAttributes<HTMLElement>;

const INVENTORY_OPTIONS: { value: InventoryFilter; label: string }[] = [
  { value: 'in', label: 'In stock' },
  { value: 'out', label: 'Not available' },
];

/** A new filter, sort or page size starts again at page 1; only paging keeps the chosen page. */
const nextPage = (action: string, current: number | undefined, sizeChanged: boolean) =>
  action === 'paginate' && !sizeChanged ? (current ?? 1) : 1;

interface CatalogTableProps<T extends { id: string; name: string }> {
  /** data-testid of the table's frame; its rows are `<rowTestId>-<name>`. */
  testId: string;
  rowTestId: string;
  columns: TableColumnsType<T>;
  list: { data?: { items: T[]; count: number }; isLoading: boolean };
  page: number;
  size: number;
  onChange: TableProps<T>['onChange'];
  emptyText: string;
  onOpen: (row: T) => void;
  phone: boolean;
  /** "3 products", "1 category" under the table. */
  countLabel: (total: number) => string;
}

/** One tab's table: rows open their record, pages and sizes as in the URL. */
function CatalogTable<T extends { id: string; name: string }>(props: CatalogTableProps<T>) {
  const { list, page, size, phone } = props;
  return (
    <div className="catalog-table" data-testid={props.testId}>
      <Table<T>
        rowKey="id"
        columns={props.columns}
        dataSource={(list.data?.items ?? []).slice(0, size)}
        loading={list.isLoading}
        onChange={props.onChange}
        locale={{ emptyText: props.emptyText }}
        rowClassName="catalog-row"
        onRow={(row) => rowProps(`${props.rowTestId}-${row.name}`, () => props.onOpen(row))}
        pagination={{
          current: page,
          pageSize: size,
          total: list.data?.count ?? 0,
          showSizeChanger: true,
          size: phone ? 'small' : 'medium',
          showLessItems: phone,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: props.countLabel,
        }}
      />
    </div>
  );
}

function ProductsTab({ phone }: { phone: boolean }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseProductsFilters(searchParams), [searchParams]);
  const setFilters = useCallback(
    (next: ProductsListParams) => setSearchParams(productsFiltersToSearchParams(next)),
    [setSearchParams],
  );
  const products = useAdminProducts(filters);
  const currency = useAdminConfig().data?.shop.currency_code ?? DEFAULT_CURRENCY;
  const [adjusting, setAdjusting] = useState<AdminProduct | null>(null);

  const columns: TableColumnsType<AdminProduct> = [
    {
      key: 'name',
      title: 'Product',
      dataIndex: 'name',
      sorter: true,
      sortDirections: ['ascend', 'descend'],
      sortOrder: sortOrderOf(filters.sort, 'name'),
      render: (_name: string, product) => (
        <div className="catalog-name-cell">
          <Thumbnail id={product.img_id ?? product.img?.id} />
          <div className="catalog-name-text">
            <span className="catalog-name">{product.name}</span>
            {product.categories.length > 0 ? (
              <span className="catalog-categories">
                Category: {product.categories.map((category) => category.name).join(', ')}
              </span>
            ) : null}
            {/* On a phone the price and visibility columns give way (issue 31 §11): said here instead. */}
            {phone ? (
              <span className="catalog-phone-facts" data-testid={`product-phone-facts-${product.name}`}>
                <span className="catalog-money">{formatMoney(product.price, currency)}</span>
                <PublicationTag published={product.published} publishAt={product.publish_at} />
              </span>
            ) : null}
          </div>
        </div>
      ),
    },
    {
      key: 'price',
      title: 'Price',
      dataIndex: 'price',
      align: 'right',
      width: 110,
      responsive: ['md'],
      sorter: true,
      sortDirections: ['ascend', 'descend'],
      sortOrder: sortOrderOf(filters.sort, 'price'),
      render: (price: number) => <span className="catalog-money">{formatMoney(price, currency)}</span>,
    },
    {
      key: 'stock',
      title: 'Stock',
      dataIndex: 'inventory_stock',
      width: phone ? 120 : 200,
      render: (inStock: boolean, product) => {
        const count = product.stock_quantity;
        const low = count !== null && product.low_stock_threshold !== null && count <= product.low_stock_threshold;
        return (
          <div className="catalog-stock-cell">
            <Tag color={inStock ? (low ? 'orange' : 'green') : 'red'} className="catalog-tag">
              {inStock ? (count === null ? 'In stock' : `${count} left`) : 'Not available'}
            </Tag>
            <Button
              size="small"
              type="link"
              onClick={(event) => {
                event.stopPropagation();
                setAdjusting(product);
              }}
              onKeyDown={(event) => event.stopPropagation()}
              data-testid={`stock-adjust-${product.name}`}
            >
              Adjust stock
            </Button>
          </div>
        );
      },
    },
    {
      key: 'published',
      title: 'Visibility',
      dataIndex: 'published',
      width: 170,
      responsive: ['md'],
      render: (published: boolean, product) => <PublicationTag published={published} publishAt={product.publish_at} />,
    },
    {
      key: 'updated_at',
      title: 'Modified',
      dataIndex: 'updated_at',
      width: 160,
      responsive: ['md'],
      sorter: true,
      sortDirections: ['ascend', 'descend'],
      sortOrder: sortOrderOf(filters.sort, 'updated_at'),
      render: (date: string) => <span className="catalog-date">{formatTableDate(date)}</span>,
    },
  ];

  const onTableChange: TableProps<AdminProduct>['onChange'] = (pagination, _filters, sorter, extra) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const size = pagination.pageSize ?? filters.size;
    setFilters({
      ...filters,
      page: nextPage(extra.action, pagination.current, size !== filters.size),
      size,
      sort: sortFromTable(single?.columnKey, single?.order),
    });
  };

  return (
    <Card className="catalog-card">
      <div className="catalog-toolbar">
        <SearchBar
          key={filters.search}
          value={filters.search}
          placeholder={phone ? 'Name' : 'Search by name'}
          onSearch={(search) => setFilters({ ...filters, search, page: 1 })}
          testId="products-search"
        />
        <Select<InventoryFilter | 'all'>
          value={filters.inventory ?? 'all'}
          onChange={(value) => setFilters({ ...filters, inventory: value === 'all' ? null : value, page: 1 })}
          options={[{ value: 'all', label: 'All stock' }, ...INVENTORY_OPTIONS]}
          className="catalog-inventory"
          aria-label="Filter by stock"
          data-testid="products-inventory"
        />
      </div>
      <CatalogTable<AdminProduct>
        testId="products-table"
        rowTestId="product-row"
        columns={columns}
        list={products}
        page={filters.page}
        size={filters.size}
        onChange={onTableChange}
        emptyText={filters.search || filters.inventory ? 'No products match' : 'No products yet'}
        onOpen={(product) => navigate(`/admin/products/edit/${product.id}`)}
        phone={phone}
        countLabel={(total) => `${total} ${total === 1 ? 'product' : 'products'}`}
      />
      {adjusting && <AdjustStockModal product={adjusting} onClose={() => setAdjusting(null)} />}
    </Card>
  );
}

function CategoriesTab({ phone }: { phone: boolean }) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => parseCategoriesFilters(searchParams), [searchParams]);
  const setFilters = useCallback(
    (next: CategoriesListParams) => setSearchParams(categoriesFiltersToSearchParams(next)),
    [setSearchParams],
  );
  const categories = useAdminCategories(filters);

  const columns: TableColumnsType<AdminCategory> = [
    {
      key: 'name',
      title: 'Category',
      dataIndex: 'name',
      render: (name: string, category) => (
        <div className="catalog-name-cell">
          <Thumbnail id={category.img_id ?? category.img?.id} />
          <div className="catalog-name-text">
            <span className="catalog-name">{name}</span>
            {phone ? <PublicationTag published={category.published} publishAt={category.publish_at} /> : null}
          </div>
        </div>
      ),
    },
    {
      key: 'products',
      title: 'Products',
      dataIndex: 'products',
      align: 'right',
      width: 110,
      render: (count: number) => <span className="catalog-count">{count}</span>,
    },
    {
      key: 'published',
      title: 'Visibility',
      dataIndex: 'published',
      width: 170,
      responsive: ['md'],
      render: (published: boolean, category) => (
        <PublicationTag published={published} publishAt={category.publish_at} />
      ),
    },
    {
      key: 'updated_at',
      title: 'Modified',
      dataIndex: 'updated_at',
      width: 160,
      responsive: ['md'],
      render: (date: string) => <span className="catalog-date">{formatTableDate(date)}</span>,
    },
  ];

  const onTableChange: TableProps<AdminCategory>['onChange'] = (pagination, _filters, _sorter, extra) => {
    const size = pagination.pageSize ?? filters.size;
    setFilters({ ...filters, page: nextPage(extra.action, pagination.current, size !== filters.size), size });
  };

  return (
    <Card className="catalog-card">
      <div className="catalog-toolbar">
        <SearchBar
          key={filters.search}
          value={filters.search}
          placeholder={phone ? 'Name' : 'Search by name'}
          onSearch={(search) => setFilters({ ...filters, search, page: 1 })}
          testId="categories-search"
        />
      </div>
      <CatalogTable<AdminCategory>
        testId="categories-table"
        rowTestId="category-row"
        columns={columns}
        list={categories}
        page={filters.page}
        size={filters.size}
        onChange={onTableChange}
        emptyText={filters.search ? 'No categories match' : 'No categories yet'}
        onOpen={(category) => navigate(`/admin/categories/edit/${category.id}`)}
        phone={phone}
        countLabel={(total) => `${total} ${total === 1 ? 'category' : 'categories'}`}
      />
    </Card>
  );
}

/** SPEC §2 Products: the Products and Categories tabs (/admin/products/product, /admin/products/category). */
export default function ProductsPage() {
  const { step } = useParams();
  const navigate = useNavigate();
  const phone = !Grid.useBreakpoint().md;
  if (!isCatalogStep(step)) return <Navigate to={PRODUCTS_PATH} replace />;

  const addButton =
    step === 'product' ? (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => navigate('/admin/products/add')}
        data-testid="products-add"
      >
        Add product
      </Button>
    ) : (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => navigate('/admin/categories/add')}
        data-testid="categories-add"
      >
        Add category
      </Button>
    );

  return (
    <div className="catalog-page">
      <PageHeader<CatalogStep>
        title="Products"
        tabs={CATALOG_TABS}
        tab={step}
        // Each tab starts on its own first page: the two lists share no filter.
        onTabChange={(next) => navigate(`/admin/products/${next}`)}
        extra={addButton}
      />
      {/* Keyed by tab, so a tab's search box never shows the other tab's text. */}
      {step === 'product' ? (
        <ProductsTab key="product" phone={phone} />
      ) : (
        <CategoriesTab key="category" phone={phone} />
      )}
    </div>
  );
}
