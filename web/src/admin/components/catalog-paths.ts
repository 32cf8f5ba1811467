/** The catalogue's two list tabs; the product and category forms go back to them after a save or delete. */
export const PRODUCTS_PATH = '/admin/products/product';
export const CATEGORIES_PATH = '/admin/products/category';
