// `npm run bench`: every benchmark, each reporting ratios against a baseline measured in the same run.
// `npm run bench -- catalog` or `-- payments` runs one.
import { benchAdminBundle } from './admin-bundle';
import { benchAdminExport } from './admin-export';
import { benchAdminOrders } from './admin-orders';
import { benchAdminPaperwork } from './admin-paperwork';
import { benchAnalytics } from './analytics';
import { benchCatalog } from './catalog';
import { benchCustomers } from './customers';
import { benchLighthouse } from './lighthouse';
import { benchMemory } from './memory';
import { benchMemorySoak } from './memory-soak';
import { benchPanel } from './panel';
import { benchPayments } from './payments';
import { benchRefunds } from './refunds';
import { benchScaleOut } from './scale-out';
import { benchStallTap } from './stall-tap';
import { benchStartup } from './startup';
import { benchUpload } from './upload';

const only = process.argv[2];
if (!only || only === 'catalog') await benchCatalog();
if (!only || only === 'payments') await benchPayments();
if (!only || only === 'refunds') await benchRefunds();
if (!only || only === 'admin-orders') await benchAdminOrders();
if (!only || only === 'admin-paperwork') await benchAdminPaperwork();
if (!only || only === 'customers') await benchCustomers();
if (!only || only === 'admin-bundle') await benchAdminBundle();
if (!only || only === 'admin-export') await benchAdminExport();
if (!only || only === 'analytics') await benchAnalytics();
if (!only || only === 'upload') await benchUpload();
if (!only || only === 'panel') await benchPanel();
if (!only || only === 'memory') await benchMemory();
if (!only || only === 'memory-soak') await benchMemorySoak();
if (!only || only === 'lighthouse') await benchLighthouse();
if (!only || only === 'scale-out') await benchScaleOut();
if (!only || only === 'startup') await benchStartup();
if (!only || only === 'stall-tap') await benchStallTap();
process.exit(0);
