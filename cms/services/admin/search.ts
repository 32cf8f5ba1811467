/** The control centre's free-text filters are the storefront's: '%' and '_' are literal characters. */
export { searchWords, wordsInAnyField } from '../text-search';
