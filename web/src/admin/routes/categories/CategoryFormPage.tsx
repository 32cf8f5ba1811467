import { type AdminCategory, MESSAGES } from '@shop/shared';
import { Card, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../../lib/api';
import { handleResult, notify } from '../../../lib/notify';
import {
  createCategory,
  deleteCategory,
  refreshCategoryLists,
  reloadCategory,
  updateCategory,
  useAdminCategory,
} from '../../api/categories';
import { refreshProductLists } from '../../api/products';
import { AssetPicker } from '../../components/asset-picker/AssetPicker';
import { confirmAction } from '../../components/confirm';
import { FormActions } from '../../components/FormActions';
import { PageHeader } from '../../components/PageHeader';
import { issuesToErrors, serverIssues, withoutError } from '../products/form-errors';
import { FormLoading, PublishAtField, Toggle } from '../products/form-fields';
import { CATEGORIES_PATH } from '../products/list-filters';
import {
  CATEGORY_FIELDS,
  type CategoryDraft,
  type CategoryErrors,
  type CategoryField,
  conflictMessage,
  draftFromCategory,
  newCategoryDraft,
  validateCategory,
} from './category-form';

const fieldStatus = (errors: CategoryErrors, field: CategoryField) =>
  errors[field] ? { validateStatus: 'error' as const, help: errors[field] } : {};

/** The one form of the add and edit pages (SPEC §2 Category form). */
function CategoryForm({ category }: { category?: AdminCategory }) {
  const navigate = useNavigate();
  const editing = category !== undefined;
  const [draft, setDraft] = useState<CategoryDraft>(() =>
    category ? draftFromCategory(category) : newCategoryDraft(),
  );
  const [errors, setErrors] = useState<CategoryErrors>({});
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const edit = <K extends CategoryField>(field: K, value: CategoryDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  const save = async () => {
    const checked = validateCategory(draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      notify.invalidForm();
      return;
    }
    setSaving(true);
    const envelope = category ? await updateCategory(category.id, checked.input) : await createCategory(checked.input);
    setSaving(false);
    const kind = handleResult(envelope, { method: category ? 'put' : 'post' });
    if (kind === 'invalid') {
      setErrors(issuesToErrors(serverIssues(envelope.result), CATEGORY_FIELDS));
      return;
    }
    if (envelope.status === 404) navigate(CATEGORIES_PATH, { replace: true });
    if (kind !== 'success') return;
    void refreshCategoryLists();
    // The products list names each product's categories.
    void refreshProductLists();
    if (!category) {
      navigate(CATEGORIES_PATH);
      return;
    }
    // SPEC §4: after an update the page reloads the record and stays.
    const fresh = (await reloadCategory(category.id)) ?? envelope.result;
    if (fresh) setDraft(draftFromCategory(fresh));
  };

  const remove = async () => {
    if (!category) return;
    const confirmed = await confirmAction({ okText: 'Delete', danger: true });
    if (!confirmed) return;
    setDeleting(true);
    const envelope = await deleteCategory(category.id);
    setDeleting(false);
    // A category that still holds products is refused; the server's sentence tells the admin what to do.
    if (envelope.status === 409) {
      notify.error({
        title: 'The category was not deleted',
        description: conflictMessage(envelope.result) ?? MESSAGES.generic.description,
      });
      return;
    }
    if (handleResult(envelope, { method: 'delete' }) !== 'success') return;
    void refreshCategoryLists();
    void refreshProductLists();
    navigate(CATEGORIES_PATH, { replace: true });
  };

  const actions = (
    <FormActions
      testIdPrefix="category"
      onBack={() => navigate(CATEGORIES_PATH)}
      onDelete={editing ? () => void remove() : undefined}
      onSave={() => void save()}
      saving={saving}
      deleting={deleting}
    />
  );

  return (
    <div className="catalog-form-page">
      <PageHeader title={editing ? 'Edit category' : 'Add category'} extra={actions} />
      <Form layout="vertical" component="div" className="catalog-form" data-testid="category-form">
        <Card className="catalog-form-card catalog-form-main" title="Category">
          <Form.Item label="Name" required {...fieldStatus(errors, 'name')}>
            <Input
              value={draft.name}
              onChange={(event) => edit('name', event.target.value)}
              maxLength={120}
              placeholder="e.g. Olive oils"
              data-testid="category-name"
            />
          </Form.Item>
          <Form.Item label="Description" className="catalog-form-last" {...fieldStatus(errors, 'description')}>
            <Input.TextArea
              value={draft.description}
              onChange={(event) => edit('description', event.target.value)}
              autoSize={{ minRows: 4, maxRows: 12 }}
              maxLength={2000}
              data-testid="category-description"
            />
          </Form.Item>
        </Card>
        <div className="catalog-form-side">
          <Card className="catalog-form-card" title="Image">
            <Form.Item className="catalog-form-last" {...fieldStatus(errors, 'img_id')}>
              <AssetPicker value={draft.img_id} onChange={(id) => edit('img_id', id)} invalid={!!errors.img_id} />
            </Form.Item>
          </Card>
          <Card className="catalog-form-card" title="Visibility">
            <Toggle
              label="Published"
              hint="Shown on the storefront."
              checked={draft.published}
              onChange={(checked) => edit('published', checked)}
              testId="category-published"
            />
            <PublishAtField
              value={draft.publish_at}
              disabled={!draft.published}
              error={errors.publish_at}
              onChange={(value) => edit('publish_at', value)}
              testId="category-publish-at"
            />
          </Card>
        </div>
      </Form>
    </div>
  );
}

/** /admin/categories/add and /admin/categories/edit/{id}. */
export default function CategoryFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const category = useAdminCategory(id);

  // A category that cannot be loaded or does not exist sends the admin back to the list, as for products.
  useEffect(() => {
    if (!id || !category.error) return;
    if (isApiError(category.error) && (category.error.status === 401 || category.error.status === 403)) return;
    navigate(CATEGORIES_PATH, { replace: true });
  }, [id, category.error, navigate]);

  if (id && !category.data) return <FormLoading title="Edit category" />;
  return <CategoryForm key={category.data?.id ?? 'new'} category={category.data} />;
}
