import { type AdminCategory, MESSAGES } from '@shop/shared/admin';
import { Card, Form, Input } from 'antd';
import { useParams } from 'react-router-dom';
import { notify } from '../../../lib/notify';
import {
  createCategory,
  deleteCategory,
  refreshCategoryLists,
  reloadCategory,
  updateCategory,
  useAdminCategory,
} from '../../api/categories';
import { refreshProductLists } from '../../api/products';
import { PageHeader } from '../../components/PageHeader';
import { fieldStatus } from '../../components/form-errors';
import { useLeaveOnLoadError, useRecordForm } from '../../components/record-form';
import { FormLoading, ImageCard, PublicationFields } from '../../components/form-fields';
import { CATEGORIES_PATH } from '../../components/catalog-paths';
import {
  CATEGORY_FIELDS,
  conflictMessage,
  draftFromCategory,
  newCategoryDraft,
  validateCategory,
} from './category-form';

/** The one form of the add and edit pages (SPEC §2 Category form). */
function CategoryForm({ category }: { category?: AdminCategory }) {
  const { draft, errors, edit, actions } = useRecordForm({
    record: category,
    newDraft: newCategoryDraft,
    draftFrom: draftFromCategory,
    validate: validateCategory,
    fields: CATEGORY_FIELDS,
    create: createCategory,
    update: updateCategory,
    reload: reloadCategory,
    destroy: deleteCategory,
    refreshLists: () => {
      void refreshCategoryLists();
      // The products list names each product's categories.
      void refreshProductLists();
    },
    listPath: CATEGORIES_PATH,
    testIdPrefix: 'category',
    // A category that still holds products is refused; the server's sentence tells the admin what to do.
    explainRefusedDelete: (envelope) => {
      if (envelope.status !== 409) return false;
      notify.error({
        title: 'The category was not deleted',
        description: conflictMessage(envelope.result) ?? MESSAGES.generic.description,
      });
      return true;
    },
  });
  const editing = category !== undefined;

  return (
    <div className="catalog-form-page">
      <PageHeader title={editing ? 'Edit category' : 'Add category'} extra={actions} />
      <Form layout="vertical" component="div" className="catalog-form" data-testid="category-form">
        <Card className="catalog-form-card catalog-form-main" title="Category">
          <Form.Item htmlFor="category-name" label="Name" required {...fieldStatus(errors, 'name')}>
            <Input
              value={draft.name}
              onChange={(event) => edit('name', event.target.value)}
              maxLength={120}
              placeholder="e.g. Olive oils"
              id="category-name"
              data-testid="category-name"
            />
          </Form.Item>
          <Form.Item
            htmlFor="category-description"
            label="Description"
            className="catalog-form-last"
            {...fieldStatus(errors, 'description')}
          >
            <Input.TextArea
              value={draft.description}
              onChange={(event) => edit('description', event.target.value)}
              autoSize={{ minRows: 4, maxRows: 12 }}
              maxLength={2000}
              id="category-description"
              data-testid="category-description"
            />
          </Form.Item>
        </Card>
        <div className="catalog-form-side">
          <ImageCard value={draft.img_id} error={errors.img_id} onChange={(id) => edit('img_id', id)} />
          <Card className="catalog-form-card" title="Visibility">
            <PublicationFields
              published={draft.published}
              publishAt={draft.publish_at}
              publishAtError={errors.publish_at}
              onPublishedChange={(checked) => edit('published', checked)}
              onPublishAtChange={(value) => edit('publish_at', value)}
              testIdPrefix="category"
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
  const category = useAdminCategory(id);
  // A category that cannot be loaded or does not exist sends the admin back to the list, as for products.
  useLeaveOnLoadError(category.error, CATEGORIES_PATH);

  if (id && !category.data) return <FormLoading title="Edit category" />;
  return <CategoryForm key={category.data?.id ?? 'new'} category={category.data} />;
}
