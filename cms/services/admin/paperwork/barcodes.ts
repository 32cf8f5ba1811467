/**
 * The order number as a Code 128 barcode (hand scanners at the packing table read it) and as a QR code
 * (phones do), both as PNG for pdfkit. bwip-js loads on the first paper, not with the server.
 */
type BwipNode = typeof import('bwip-js/node');
let bwip: Promise<BwipNode> | null = null;
const loadBwip = () => (bwip ??= import('bwip-js/node'));

export interface OrderCodes {
  code128: Buffer | null;
  qr: Buffer | null;
}

/** Each code, or null when the number cannot be encoded (empty, or refused by the symbology). */
export async function orderCodes(orderNumber: string): Promise<OrderCodes> {
  if (orderNumber.trim() === '') return { code128: null, qr: null };
  const { toBuffer } = await loadBwip();
  // A refused number leaves its code out; the number is printed as text above it anyway.
  const draw = (options: Parameters<BwipNode['toBuffer']>[0]) => toBuffer(options).catch(() => null);
  // Two and three pixels a module: sharp at the printed size (the PDF scales the image, a module stays whole),
  // and the PNG encoding, most of a slip's time, stays small.
  const [code128, qr] = await Promise.all([
    draw({ bcid: 'code128', text: orderNumber, scale: 2, height: 12, includetext: false }),
    draw({ bcid: 'qrcode', text: orderNumber, scale: 3 }),
  ]);
  return { code128, qr };
}
