// `npm run bench`: every benchmark, each reporting ratios against a baseline measured in the same run.
// `npm run bench -- catalog` or `-- payments` runs one.
import { benchAdminBundle } from './admin-bundle';
import { benchAdminOrders } from './admin-orders';
import { benchCatalog } from './catalog';
import { benchPayments } from './payments';

const only = process.argv[2];
if (!only || only === 'catalog') await benchCatalog();
if (!only || only === 'payments') await benchPayments();
if (!only || only === 'admin-orders') await benchAdminOrders();
if (!only || only === 'admin-bundle') await benchAdminBundle();
process.exit(0);
