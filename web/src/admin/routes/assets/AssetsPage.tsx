import { CloudUploadOutlined, DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { type AdminAsset, formatTableDate, MESSAGES } from '@shop/shared/admin';
import { Button, Card, Empty, Pagination, Segmented, Spin, Tooltip, Upload, type UploadProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { assetUrl } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import {
  ASSETS_PAGE_SIZE,
  type AssetSortOrder,
  deleteAsset,
  fetchAssetFile,
  refreshAssetLists,
  useAssets,
} from '../../api/assets';
import { confirmAction } from '../../components/confirm';
import { PageHeader } from '../../components/PageHeader';
import { handleWriteResult } from '../../components/write-result';
import {
  applySort,
  galleryFilterFromSearchParams,
  galleryFilterToSearchParams,
  GALLERY_SORT_OPTIONS,
  type GalleryFilter,
  pageAfterShrink,
} from './gallery-location';
import { UPLOAD_ACCEPT } from './upload-batch';
import { type UploadProgress, uploadImages } from '../../api/upload-images';
import './assets.css';

// rc-upload copies data-* props onto its <input type="file">, which is what a test fills; antd's props
// type does not list them.
const uploadInputTestId = { 'data-testid': 'assets-upload' } as UploadProps;

/** Saves the full WebP as {id}.webp (SPEC §2): through an object URL, since <a download> ignores other origins. */
async function downloadImage(id: string): Promise<void> {
  notify.info(MESSAGES.downloading);
  const blob = await fetchAssetFile(id);
  if (!blob) {
    notify.generic();
    return;
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${id}.webp`;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the save synchronously; the URL is released once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  notify.success(MESSAGES.downloaded);
}

interface AssetCardProps {
  asset: AdminAsset;
  onDelete: (asset: AdminAsset) => void;
  deleting: boolean;
}

function AssetCard({ asset, onDelete, deleting }: AssetCardProps) {
  const [downloading, setDownloading] = useState(false);
  const created = formatTableDate(asset.created_at);
  const download = async () => {
    setDownloading(true);
    await downloadImage(asset.id);
    setDownloading(false);
  };
  return (
    <Card
      className="assets-card"
      data-testid={`asset-card-${asset.id}`}
      size="small"
      cover={
        <div className="assets-cover">
          <img src={assetUrl(asset.id, 'card')} alt={`Image uploaded ${created}`} loading="lazy" decoding="async" />
        </div>
      }
    >
      <div className="assets-card-footer">
        <time className="assets-date" dateTime={asset.created_at}>
          {created}
        </time>
        <div className="assets-card-actions">
          <Tooltip title="Download">
            <Button
              type="text"
              size="small"
              icon={<DownloadOutlined />}
              aria-label={`Download image ${asset.id}`}
              loading={downloading}
              onClick={() => void download()}
              data-testid={`asset-download-${asset.id}`}
            />
          </Tooltip>
          <Tooltip title="Delete">
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`Delete image ${asset.id}`}
              loading={deleting}
              onClick={() => onDelete(asset)}
              data-testid={`asset-delete-${asset.id}`}
            />
          </Tooltip>
        </div>
      </div>
    </Card>
  );
}

/** Images gallery (SPEC §2 Images): every uploaded image, 20 a page, with upload, download and delete. */
export default function AssetsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => galleryFilterFromSearchParams(searchParams), [searchParams]);
  const { data, isLoading } = useAssets(filter.page, filter.order);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);

  const show = (next: GalleryFilter, replace = false) =>
    setSearchParams(galleryFilterToSearchParams(next), { replace });

  // A page emptied by deletes, or an old link past the end, moves to the last page that has images.
  const shrinkTo = data ? pageAfterShrink(filter.page, data.items.length, data.count, ASSETS_PAGE_SIZE) : null;
  useEffect(() => {
    if (shrinkTo !== null)
      setSearchParams(galleryFilterToSearchParams({ ...filter, page: shrinkTo }), { replace: true });
  }, [shrinkTo, filter, setSearchParams]);

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    // antd asks once per file with the whole batch; the batch is sent when the last file is asked about.
    if (file === batch[batch.length - 1]) {
      void uploadImages(batch, setProgress).finally(() => setProgress(null));
    }
    return Upload.LIST_IGNORE;
  };

  const remove = async (asset: AdminAsset) => {
    if (!(await confirmAction({ okText: 'Delete', danger: true }))) return;
    setDeletingId(asset.id);
    const envelope = await deleteAsset(asset.id);
    setDeletingId(null);
    if (handleWriteResult(envelope, { method: 'delete' }) !== 'success') return;
    await refreshAssetLists();
  };

  const changePage = (page: number) => {
    show({ ...filter, page });
    gridRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const uploading = progress !== null;
  const extra = (
    <div className="assets-toolbar">
      <Segmented<AssetSortOrder>
        value={filter.order}
        onChange={(order) => show(applySort(filter, order))}
        options={GALLERY_SORT_OPTIONS}
        aria-label="Sort by creation date"
        data-testid="assets-sort"
      />
      <Upload
        {...uploadInputTestId}
        accept={UPLOAD_ACCEPT}
        multiple
        showUploadList={false}
        beforeUpload={beforeUpload}
        disabled={uploading}
      >
        <Button type="primary" icon={<CloudUploadOutlined />} loading={uploading} data-testid="assets-upload-button">
          {progress && progress.total > 1
            ? `Uploading ${Math.min(progress.done + 1, progress.total)} of ${progress.total}`
            : uploading
              ? 'Uploading'
              : 'Upload images'}
        </Button>
      </Upload>
    </div>
  );

  const items = data?.items ?? [];
  const count = data?.count ?? 0;

  return (
    <div className="assets-page">
      <PageHeader title="Images" extra={extra} />
      <Card className="assets-panel">
        {isLoading && !data ? (
          <div className="assets-loading" aria-busy="true">
            <Spin />
          </div>
        ) : items.length === 0 ? (
          <Empty description="No images yet: upload the first ones" data-testid="assets-empty" />
        ) : (
          <>
            <div className="assets-grid" data-testid="assets-grid" ref={gridRef}>
              {items.map((asset) => (
                <AssetCard
                  key={asset.id}
                  asset={asset}
                  onDelete={(target) => void remove(target)}
                  deleting={deletingId === asset.id}
                />
              ))}
            </div>
            <Pagination
              className="assets-pagination"
              current={filter.page}
              pageSize={ASSETS_PAGE_SIZE}
              total={count}
              showSizeChanger={false}
              showTotal={(total) => `${total} ${total === 1 ? 'image' : 'images'}`}
              onChange={changePage}
              data-testid="assets-pagination"
            />
          </>
        )}
      </Card>
    </div>
  );
}
