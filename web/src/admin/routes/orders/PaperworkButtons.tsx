import { FileTextOutlined, PrinterOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { type OrderPaperKind, PAPERWORK_MAX_ORDERS, type SelectionPaperKind } from '@shop/shared/admin';
import { Button, type ButtonProps } from 'antd';
import { type ReactNode, useState } from 'react';
import { handleResult, notify } from '../../../lib/notify';
import { fetchOrderPaper, fetchSelectionPaper, type PaperDownload, saveFile } from '../../api/paperwork';

// antd's ButtonProps type has no data-* attributes, though they reach the DOM.
const testId = (id: string) => ({ 'data-testid': id }) as ButtonProps;

/** Saves the paper, or shows the notice its failure calls for (401/403 sign the admin out). */
async function deliver(download: Promise<PaperDownload>): Promise<void> {
  const result = await download;
  if (result.ok) saveFile(result.blob, result.filename);
  else handleResult({ status: result.status }, { method: 'get' });
}

function PaperButton(
  props: { label: string; icon: ReactNode; testid: string; run: () => Promise<void> } & ButtonProps,
) {
  const { label, icon, testid, run, ...rest } = props;
  const [busy, setBusy] = useState(false);
  return (
    <Button
      {...rest}
      icon={icon}
      loading={busy}
      onClick={() => {
        setBusy(true);
        void run().finally(() => setBusy(false));
      }}
      {...testId(testid)}
    >
      {label}
    </Button>
  );
}

const ORDER_PAPERS: Array<{ kind: OrderPaperKind; label: string; icon: ReactNode }> = [
  { kind: 'packing-slip', label: 'Packing slip', icon: <PrinterOutlined /> },
  { kind: 'invoice', label: 'Invoice', icon: <FileTextOutlined /> },
];

/**
 * The order detail's downloads: its packing slip and its invoice. A sale handed over at the market stall
 * (`packed` false) has nothing to pack: its invoice only.
 */
export function OrderPaperButtons({
  order,
  packed = true,
}: {
  order: { id: string; number: string };
  packed?: boolean;
}) {
  return (
    <>
      {ORDER_PAPERS.filter(({ kind }) => packed || kind !== 'packing-slip').map(({ kind, label, icon }) => (
        <PaperButton
          key={kind}
          label={label}
          icon={icon}
          testid={`order-${kind}`}
          run={() => deliver(fetchOrderPaper(order, kind))}
        />
      ))}
    </>
  );
}

const SELECTION_PAPERS: Array<{ kind: SelectionPaperKind; label: string; icon: ReactNode }> = [
  { kind: 'packing-slips', label: 'Print slips', icon: <PrinterOutlined /> },
  { kind: 'pick-list', label: 'Pick list', icon: <UnorderedListOutlined /> },
];

/** The orders list's bulk bar: one file of packing slips, and the pick list, for the selected orders. */
export function SelectionPaperButtons({ ids, size }: { ids: string[]; size?: ButtonProps['size'] }) {
  const tooMany = ids.length > PAPERWORK_MAX_ORDERS;
  return (
    <>
      {SELECTION_PAPERS.map(({ kind, label, icon }) => (
        <PaperButton
          key={kind}
          label={label}
          icon={icon}
          size={size}
          disabled={ids.length === 0 || tooMany}
          title={tooMany ? `At most ${PAPERWORK_MAX_ORDERS} orders at a time` : undefined}
          testid={`orders-${kind}`}
          run={async () => {
            notify.loading();
            await deliver(fetchSelectionPaper(ids, kind));
            notify.closeLoading();
          }}
        />
      ))}
    </>
  );
}
