import { ArrowLeftOutlined, DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { Button, Space, Spin } from 'antd';
import { useLoadingOverlay } from './LoadingOverlay';
import './admin-components.css';

interface FormActionsProps {
  /** The buttons are found by `<prefix>-back`, `<prefix>-delete` and `<prefix>-save` (e.g. "product-save"). */
  testIdPrefix: string;
  onBack: () => void;
  /** Delete shows only with a handler: a record not stored yet has nothing to delete. */
  onDelete?: () => void;
  /** Save shows only with a handler: a form may keep its Save at its foot instead. */
  onSave?: () => void;
  saving?: boolean;
  deleting?: boolean;
}

/**
 * The title bar's Back / Delete / Save of a record's form. While one write runs the other button is off,
 * so a record is never saved and deleted at the same time.
 */
export function FormActions({
  testIdPrefix,
  onBack,
  onDelete,
  onSave,
  saving = false,
  deleting = false,
}: FormActionsProps) {
  return (
    <Space wrap>
      <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid={`${testIdPrefix}-back`}>
        Back
      </Button>
      {onDelete ? (
        <Button
          danger
          icon={<DeleteOutlined />}
          loading={deleting}
          disabled={saving}
          onClick={onDelete}
          data-testid={`${testIdPrefix}-delete`}
        >
          Delete
        </Button>
      ) : null}
      {onSave ? (
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          disabled={deleting}
          onClick={onSave}
          data-testid={`${testIdPrefix}-save`}
        >
          Save
        </Button>
      ) : null}
    </Space>
  );
}

/** Stands in a form's card while its record loads; a long load raises "Loading Request" (issue 25 §1.4). */
export function FormLoadingBody() {
  useLoadingOverlay(true);
  return (
    <div className="admin-form-loading" aria-busy="true">
      <Spin />
    </div>
  );
}
