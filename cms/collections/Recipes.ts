import type { CollectionConfig } from 'payload';
import { MAX_RECIPE_PRODUCT_QUANTITY, MAX_RECIPE_PRODUCTS } from '@shop/shared/admin';
import { recipeProductsRowsHook } from '../hooks/recipe-products-rows';
import { isStaff, publishedVersionsOrStaff } from '../access/roles';
import { richTextEditor } from '../fields/rich-text';
import { DRAFT_AWARE_PUBLISH_BUTTON } from '../lib/panel-components';
import { invalidateCatalogAfterChange, invalidateCatalogAfterDelete } from '../hooks/invalidate-catalog-cache';
import { foldNameSpaces } from '../hooks/catalog-rules';
import { stripControlCharactersHook } from '../hooks/strip-control-characters';

/**
 * A recipe: its teaser (description) and ingredients stay plain fields, because lists, search and structured
 * data use them as text; the method is the rich-text body (the former `directions` list became an ordered
 * list in it, migration 20261124_recipes_rich_text). Drafts and scheduled publishing come from Payload's
 * versions: shoppers only ever read published recipes.
 */
export const Recipes: CollectionConfig = {
  slug: 'recipes',
  access: {
    read: publishedVersionsOrStaff,
    create: isStaff,
    update: isStaff,
    delete: isStaff,
    readVersions: isStaff,
  },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', '_status', 'updatedAt'],
    components: { edit: { PublishButton: DRAFT_AWARE_PUBLISH_BUTTON } },
  },
  versions: { drafts: { schedulePublish: true }, maxPerDoc: 25 },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 160 },
    { name: 'description', type: 'textarea', maxLength: 2000 },
    { name: 'img', type: 'upload', relationTo: 'assets' },
    { name: 'ingredients', type: 'array', fields: [{ name: 'item', type: 'text', required: true, maxLength: 200 }] },
    { name: 'body', type: 'richText', editor: richTextEditor },
    {
      // What the storefront's "Add all to cart" offers, in this order and in these amounts; shoppers only see
      // published products. Each row was a plain relationship until migration recipe_product_quantities.
      name: 'products',
      type: 'array',
      maxRows: MAX_RECIPE_PRODUCTS,
      labels: { singular: 'Product', plural: 'Products' },
      hooks: { beforeValidate: [recipeProductsRowsHook] },
      admin: {
        description: `The shop's products this recipe uses (at most ${MAX_RECIPE_PRODUCTS}), in the order shoppers see them, each with how many "Add all to cart" puts in the cart.`,
        initCollapsed: false,
      },
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'product', type: 'relationship', relationTo: 'products', required: true, admin: { width: '70%' } },
            {
              name: 'quantity',
              type: 'number',
              required: true,
              defaultValue: 1,
              min: 1,
              max: MAX_RECIPE_PRODUCT_QUANTITY,
              admin: { step: 1, width: '30%' },
              validate: (value: unknown) =>
                Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_RECIPE_PRODUCT_QUANTITY
                  ? true
                  : `A whole number from 1 to ${MAX_RECIPE_PRODUCT_QUANTITY}`,
            },
          ],
        },
      ],
    },
  ],
  hooks: {
    beforeValidate: [stripControlCharactersHook, foldNameSpaces],
    afterChange: [invalidateCatalogAfterChange],
    afterDelete: [invalidateCatalogAfterDelete],
  },
};
