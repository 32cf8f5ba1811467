import type { CollectionBeforeOperationHook } from 'payload';

/**
 * A product's unit count changes only through the sale and "Adjust stock" statements of services/stock.ts,
 * each audited with its reason (issue 24). An update through a door (Payload's REST, the /cms panel, the
 * control centre's form) leaves it out: the panel sends back the count it loaded with every save, and that
 * count may be older than a sale made since, which would otherwise be undone. Runs before the editor check,
 * so a stale count is not taken for an editor's change either. Writes the server makes with overrideAccess
 * (the demo seed) keep it.
 */
export const keepStockCountOnUpdate: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation !== 'update' || (args as { overrideAccess?: boolean }).overrideAccess === true) return args;
  const data = (args as { data?: Record<string, unknown> }).data;
  if (data && 'stock_quantity' in data) delete data.stock_quantity;
  return args;
};
