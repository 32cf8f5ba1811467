import type { CollectionConfig } from 'payload';
import { hiddenFromEditors, isAdmin } from '../access/roles';
import { refuseMistypedValues } from '../hooks/refuse-mistyped-values';
import { stripControlCharactersHook } from '../hooks/strip-control-characters';

/**
 * A day at a farmers' market (issue 32 §1): planned ahead with its place, date and hours, opened on the day with
 * the cash float, closed with the counted cash. Its sales are orders of channel `market` naming the day
 * (`orders.market_day_id`); online orders to collect there name it as `orders.pickup_day_id`. Admins only, on
 * every door; shoppers see the coming pickup days through /api/v2/market/pickup-days alone.
 */
export const MarketDays: CollectionConfig = {
  slug: 'market-days',
  labels: { singular: 'Market day', plural: 'Market days' },
  access: { read: isAdmin, create: isAdmin, update: isAdmin, delete: isAdmin },
  admin: {
    useAsTitle: 'place',
    hidden: hiddenFromEditors,
    defaultColumns: ['date', 'place', 'opens_at', 'closes_at', 'pickup', 'status'],
  },
  defaultSort: '-date',
  fields: [
    { name: 'place', type: 'text', required: true, maxLength: 120 },
    // The market's own calendar day, YYYY-MM-DD in the shop's time zone: a day, not an instant.
    { name: 'date', type: 'text', required: true, index: true, maxLength: 10 },
    // HH:mm, the shop's time zone.
    { name: 'opens_at', type: 'text', required: true, maxLength: 5 },
    { name: 'closes_at', type: 'text', required: true, maxLength: 5 },
    // Whether online shoppers may choose to collect their order here.
    { name: 'pickup', type: 'checkbox', defaultValue: false, index: true },
    {
      name: 'status',
      type: 'select',
      options: ['PLANNED', 'OPEN', 'CLOSED'],
      defaultValue: 'PLANNED',
      required: true,
      index: true,
    },
    { name: 'opening_cash', type: 'number', min: 0 },
    { name: 'counted_cash', type: 'number', min: 0 },
    { name: 'opened_at', type: 'date' },
    { name: 'closed_at', type: 'date' },
  ],
  hooks: {
    beforeOperation: [refuseMistypedValues],
    beforeValidate: [stripControlCharactersHook],
  },
};
