/**
 * A PDF the server made (an order's papers, a market day's Z-report) as a download: private and never cached,
 * since it holds a customer's address or the day's takings. The file name is letters, digits and dashes only
 * (the shared file-name helpers), so it needs no escaping.
 */
export function pdfResponse({ filename, pdf }: { filename: string; pdf: Buffer }): Response {
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-length': String(pdf.length),
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
