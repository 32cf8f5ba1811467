import { CheckCircleFilled, CloudUploadOutlined, DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { formatTableDate } from '@shop/shared';
import { Alert, Button, Empty, Grid, Modal, Pagination, Spin, Typography, Upload, type UploadProps } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { assetUrl } from '../../../lib/api';
import { useAssets } from '../../api/assets';
import { uploadImages } from '../../api/upload-images';
import { UPLOAD_ACCEPT } from '../../routes/assets/upload-batch';
import { PICKER_PAGE_SIZE, pickerModalWidth } from './picker-layout';
import './asset-picker.css';

function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

interface ListProps {
  selected: string | null;
  onChoose: (id: string) => void;
}

// rc-upload copies data-* props onto its <input type="file">, which is what a test fills.
const uploadInputTestId = { 'data-testid': 'asset-picker-upload' } as UploadProps;

/**
 * Issue 25 §1.10: an image that is not in the gallery yet is uploaded from here, with the gallery's checks
 * and notices, and is then the chosen one.
 */
function PickerUpload({ onUploaded }: { onUploaded: (id: string) => void }) {
  const [uploading, setUploading] = useState(false);
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    setUploading(true);
    void uploadImages([file])
      .then((added) => {
        if (added[0]) onUploaded(added[0].id);
      })
      .finally(() => setUploading(false));
    return Upload.LIST_IGNORE;
  };
  return (
    <Upload
      {...uploadInputTestId}
      accept={UPLOAD_ACCEPT}
      showUploadList={false}
      beforeUpload={beforeUpload}
      disabled={uploading}
    >
      <Button icon={<CloudUploadOutlined />} loading={uploading} data-testid="asset-picker-upload-button">
        {uploading ? 'Uploading' : 'Upload an image'}
      </Button>
    </Upload>
  );
}

/** The gallery inside the modal; mounted only while the modal is open, so a closed picker loads nothing. */
function AssetPickerList({ selected, onChoose }: ListProps) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useAssets(page, 'DESC', PICKER_PAGE_SIZE);
  const phone = !Grid.useBreakpoint().md;
  const items = data?.items ?? [];

  if (error && !data) {
    return (
      <Alert
        type="error"
        showIcon
        title="The images could not be loaded"
        description="Close this window and try again later."
      />
    );
  }

  return (
    <div className="asset-picker-body">
      <div className="asset-picker-toolbar">
        <PickerUpload onUploaded={onChoose} />
      </div>
      <div className="asset-picker-list" data-testid="asset-picker-list" aria-busy={isLoading}>
        {isLoading && items.length === 0 ? (
          <div className="asset-picker-loading">
            <Spin />
          </div>
        ) : items.length === 0 ? (
          <Empty
            className="asset-picker-empty"
            description={
              <span>
                No images yet. Upload one here, or several in the <Link to="/admin/assets">Images</Link> gallery.
              </span>
            }
          />
        ) : (
          <div className="asset-picker-grid">
            {items.map((asset) => {
              const chosen = asset.id === selected;
              return (
                <button
                  key={asset.id}
                  type="button"
                  className={chosen ? 'asset-picker-option asset-picker-option--chosen' : 'asset-picker-option'}
                  onClick={() => onChoose(asset.id)}
                  aria-pressed={chosen}
                  title={`Uploaded ${formatTableDate(asset.created_at)}`}
                  data-testid={`asset-option-${asset.id}`}
                >
                  <img src={assetUrl(asset.id, 'thumbnail')} alt="" loading="lazy" className="asset-picker-thumb" />
                  <span className="asset-picker-date">{formatTableDate(asset.created_at)}</span>
                  {chosen ? <CheckCircleFilled className="asset-picker-check" aria-label="Chosen" /> : null}
                </button>
              );
            })}
          </div>
        )}
      </div>
      {(data?.count ?? 0) > PICKER_PAGE_SIZE ? (
        <Pagination
          className="asset-picker-pagination"
          current={page}
          pageSize={PICKER_PAGE_SIZE}
          total={data?.count ?? 0}
          showSizeChanger={false}
          size={phone ? 'small' : 'medium'}
          showLessItems={phone}
          onChange={setPage}
          data-testid="asset-picker-pagination"
        />
      ) : null}
    </div>
  );
}

interface Props {
  /** The chosen image's id, or null for none. */
  value: string | null;
  onChange: (id: string | null) => void;
  /** Shown as the field's error, e.g. when the server refused the image. */
  invalid?: boolean;
}

/**
 * An image field for the catalogue forms (SPEC §2, §9): a preview with Change and Remove, and a modal that
 * lists the shop's images (20 a page, newest first) to choose one with a click.
 */
export function AssetPicker({ value, onChange, invalid = false }: Props) {
  const [open, setOpen] = useState(false);
  const width = pickerModalWidth(useWindowWidth());

  return (
    <div className="asset-picker-field">
      <div
        className={invalid ? 'asset-picker-preview asset-picker-preview--invalid' : 'asset-picker-preview'}
        data-testid="asset-picker-preview"
      >
        {value ? (
          <img src={assetUrl(value, 'thumbnail')} alt="Chosen image" className="asset-picker-preview-img" />
        ) : (
          <div className="asset-picker-preview-none">
            <PictureOutlined />
            <Typography.Text type="secondary">No image</Typography.Text>
          </div>
        )}
      </div>
      <div className="asset-picker-actions">
        <Button icon={<PictureOutlined />} onClick={() => setOpen(true)} data-testid="asset-picker-open">
          {value ? 'Change image' : 'Choose image'}
        </Button>
        {value ? (
          <Button icon={<DeleteOutlined />} onClick={() => onChange(null)} data-testid="asset-picker-remove">
            Remove
          </Button>
        ) : null}
      </div>
      <Modal
        open={open}
        title="Choose an image"
        width={width}
        centered
        footer={null}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        className="asset-picker-modal"
      >
        <div data-testid="asset-picker">
          <AssetPickerList
            selected={value}
            onChoose={(id) => {
              onChange(id);
              setOpen(false);
            }}
          />
        </div>
      </Modal>
    </div>
  );
}
