import * as migration_20261122_023359_initial from './20261122_023359_initial';
import * as migration_20261123_205820_control_centre from './20261123_205820_control_centre';
import * as migration_20261123_220915_payment_reconcile from './20261123_220915_payment_reconcile';
import * as migration_20261124_004649_recipes_rich_text_roles from './20261124_004649_recipes_rich_text_roles';
import * as migration_20261124_035652_leases from './20261124_035652_leases';
import * as migration_20261124_051816_order_events_audit_log from './20261124_051816_order_events_audit_log';
import * as migration_20261124_064103_shop_address from './20261124_064103_shop_address';
import * as migration_20261124_064302_recipe_products from './20261124_064302_recipe_products';
import * as migration_20261126_224521_demo_orders from './20261126_224521_demo_orders';
import * as migration_20261126_225622_refunds_replies_shipping_mails from './20261126_225622_refunds_replies_shipping_mails';
import * as migration_20261126_233800_recipe_product_quantities from './20261126_233800_recipe_product_quantities';
import * as migration_20261127_013409_customers from './20261127_013409_customers';
import * as migration_20261127_023235_stock_counts from './20261127_023235_stock_counts';
import * as migration_20261127_045037_coupons from './20261127_045037_coupons';
import * as migration_20261127_054343_stock_returns from './20261127_054343_stock_returns';
import * as migration_20261127_080424_asset_preview_size from './20261127_080424_asset_preview_size';
import * as migration_20261128_033630_order_payment_alerts from './20261128_033630_order_payment_alerts';
import * as migration_20261128_064500_shipping_carrier from './20261128_064500_shipping_carrier';
import * as migration_20261128_094926_market_days from './20261128_094926_market_days';
import * as migration_20261128_120000_analytics_months from './20261128_120000_analytics_months';
import * as migration_20261128_131556_order_list_indexes from './20261128_131556_order_list_indexes';
import * as migration_20261128_170000_order_list_generation from './20261128_170000_order_list_generation';

export const migrations = [
  {
    up: migration_20261122_023359_initial.up,
    down: migration_20261122_023359_initial.down,
    name: '20261122_023359_initial',
  },
  {
    up: migration_20261123_205820_control_centre.up,
    down: migration_20261123_205820_control_centre.down,
    name: '20261123_205820_control_centre',
  },
  {
    up: migration_20261123_220915_payment_reconcile.up,
    down: migration_20261123_220915_payment_reconcile.down,
    name: '20261123_220915_payment_reconcile',
  },
  {
    up: migration_20261124_004649_recipes_rich_text_roles.up,
    down: migration_20261124_004649_recipes_rich_text_roles.down,
    name: '20261124_004649_recipes_rich_text_roles',
  },
  {
    up: migration_20261124_035652_leases.up,
    down: migration_20261124_035652_leases.down,
    name: '20261124_035652_leases',
  },
  {
    up: migration_20261124_051816_order_events_audit_log.up,
    down: migration_20261124_051816_order_events_audit_log.down,
    name: '20261124_051816_order_events_audit_log',
  },
  {
    up: migration_20261124_064103_shop_address.up,
    down: migration_20261124_064103_shop_address.down,
    name: '20261124_064103_shop_address',
  },
  {
    up: migration_20261124_064302_recipe_products.up,
    down: migration_20261124_064302_recipe_products.down,
    name: '20261124_064302_recipe_products',
  },
  {
    up: migration_20261126_224521_demo_orders.up,
    down: migration_20261126_224521_demo_orders.down,
    name: '20261126_224521_demo_orders',
  },
  {
    up: migration_20261126_225622_refunds_replies_shipping_mails.up,
    down: migration_20261126_225622_refunds_replies_shipping_mails.down,
    name: '20261126_225622_refunds_replies_shipping_mails',
  },
  {
    up: migration_20261126_233800_recipe_product_quantities.up,
    down: migration_20261126_233800_recipe_product_quantities.down,
    name: '20261126_233800_recipe_product_quantities',
  },
  {
    up: migration_20261127_013409_customers.up,
    down: migration_20261127_013409_customers.down,
    name: '20261127_013409_customers',
  },
  {
    up: migration_20261127_023235_stock_counts.up,
    down: migration_20261127_023235_stock_counts.down,
    name: '20261127_023235_stock_counts',
  },
  {
    up: migration_20261127_045037_coupons.up,
    down: migration_20261127_045037_coupons.down,
    name: '20261127_045037_coupons',
  },
  {
    up: migration_20261127_054343_stock_returns.up,
    down: migration_20261127_054343_stock_returns.down,
    name: '20261127_054343_stock_returns',
  },
  {
    up: migration_20261127_080424_asset_preview_size.up,
    down: migration_20261127_080424_asset_preview_size.down,
    name: '20261127_080424_asset_preview_size',
  },
  {
    up: migration_20261128_033630_order_payment_alerts.up,
    down: migration_20261128_033630_order_payment_alerts.down,
    name: '20261128_033630_order_payment_alerts',
  },
  {
    up: migration_20261128_064500_shipping_carrier.up,
    down: migration_20261128_064500_shipping_carrier.down,
    name: '20261128_064500_shipping_carrier',
  },
  {
    up: migration_20261128_094926_market_days.up,
    down: migration_20261128_094926_market_days.down,
    name: '20261128_094926_market_days',
  },
  {
    up: migration_20261128_120000_analytics_months.up,
    down: migration_20261128_120000_analytics_months.down,
    name: '20261128_120000_analytics_months',
  },
  {
    up: migration_20261128_131556_order_list_indexes.up,
    down: migration_20261128_131556_order_list_indexes.down,
    name: '20261128_131556_order_list_indexes',
  },
  {
    up: migration_20261128_170000_order_list_generation.up,
    down: migration_20261128_170000_order_list_generation.down,
    name: '20261128_170000_order_list_generation',
  },
];
