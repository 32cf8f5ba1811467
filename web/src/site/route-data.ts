/**
 * What each storefront route needs, declared as react-router loaders and actions (issue 33).
 *
 * On the server a page loader asks the shop's own handlers in process (app/shop-data.ts) for the SWR keys its
 * page will read, all at once, and the page is drawn once from the answers; they are handed over in the page,
 * so hydration asks for nothing again. In the browser the same loader starts those requests through SWR's
 * preload while the page's chunk arrives, and the page's hooks pick them up (and revalidate as before).
 */
import {
  contactSchema,
  type ContactInput,
  type Envelope,
  MESSAGES,
  orderNumberSchema,
  TRACKING_PARAM,
} from '@shop/shared';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type Params, redirect } from 'react-router-dom';
import { preload } from 'swr';
import { fetchResult } from '../lib/api';
import { serverShopData, shopDataOf } from '../app/shop-data';
import {
  ALL_CATEGORIES,
  categoriesKey,
  categoryKey,
  configKey,
  lastDiscountProductKey,
  lastNewProductKey,
  latestRecipesKey,
  pageFromParam,
  productKey,
  productsKey,
  recipeKey,
  recipesKey,
  searchFromParams,
  shouldSuggest,
  suggestionsKey,
  topCategoriesKey,
  topProductsKey,
} from './api/keys';
import { CONTACT_FIELDS, type ContactField, contactIssueText } from './lib/contact-form';

/** What a page loader gives on the server: the envelopes its page is drawn from, by SWR key. */
export interface PageData {
  data: Record<string, Envelope<unknown>>;
}

interface Need {
  key: string;
  /** Read page by page (useSWRInfinite), whose requests SWR's preload does not serve. */
  infinite?: boolean;
}

function pageLoader(needs: (url: URL, params: Params) => Need[]) {
  return async ({ request, params, context }: LoaderFunctionArgs): Promise<PageData | null> => {
    const wanted = needs(new URL(request.url), params);
    const server = serverShopData(context);
    if (!server) {
      // The shell keeps the config it has; the page's own data starts travelling now.
      for (const need of wanted) {
        if (need.infinite || need.key === configKey) continue;
        preload(need.key, fetchResult).catch(() => {
          // The hook that asks for it reports the failure.
        });
      }
      return null;
    }
    const answers = await Promise.all(wanted.map((need) => server.get(need.key)));
    return { data: Object.fromEntries(wanted.map((need, index) => [need.key, answers[index]])) };
  };
}

const id = (params: Params) => params.id ?? '';

export const shellLoader = pageLoader(() => [{ key: configKey }]);

export const homeLoader = pageLoader(() => [
  { key: lastNewProductKey },
  { key: lastDiscountProductKey },
  { key: topCategoriesKey },
  { key: topProductsKey(ALL_CATEGORIES) },
  { key: latestRecipesKey },
]);

export const shopLoader = pageLoader((url) => {
  const search = searchFromParams(url.searchParams);
  return [
    { key: productsKey(search, pageFromParam(url.searchParams.get('page'))), infinite: true },
    { key: categoriesKey },
    ...(shouldSuggest(search) ? [{ key: suggestionsKey(search) }] : []),
  ];
});

export const productLoader = pageLoader((_url, params) => [{ key: productKey(id(params)) }]);
export const categoryLoader = pageLoader((_url, params) => [{ key: categoryKey(id(params)) }]);
export const recipesLoader = pageLoader(() => [{ key: recipesKey }]);
export const recipeLoader = pageLoader((_url, params) => [{ key: recipeKey(id(params)) }]);

/** The tracking box's name: `/site/tracking?number=K7M4PQ2X`. */

/** Why a tracking search sent without JavaScript found no order page (SPEC §8's texts). */
export interface TrackingData {
  number: string;
  notice: { title: string; description?: string };
}

/**
 * The tracking form sent without JavaScript: the server looks the number up (through the API's handler and
 * its rate limit) and sends the shopper on to the order's page, or draws the tracking page with the reason.
 * In the browser the page's own search does this, as it always has.
 */
export async function trackingLoader({
  request,
  context,
}: LoaderFunctionArgs): Promise<TrackingData | Response | null> {
  const server = serverShopData(context);
  const typed = new URL(request.url).searchParams.get(TRACKING_PARAM);
  if (!server || typed === null || typed.trim() === '') return null;
  const parsed = orderNumberSchema.safeParse(typed);
  if (!parsed.success) return { number: typed.slice(0, 40), notice: MESSAGES.orderNotFound };
  const envelope = (await server.get(`orders/exist/${encodeURIComponent(parsed.data)}`)) as Envelope<{
    id?: string;
  } | null>;
  const orderId = envelope.result?.id;
  if (envelope.status === 200 && orderId) return redirect(`/site/orders/${encodeURIComponent(orderId)}`);
  const notice =
    envelope.status === 404 || envelope.status === 400
      ? MESSAGES.orderNotFound
      : envelope.status === 429
        ? MESSAGES.rateLimited
        : MESSAGES.generic;
  return { number: parsed.data, notice };
}

/** What the contact form sent without JavaScript comes back with. */
export type ContactActionData =
  | { sent: { firstname: string; email: string } }
  | {
      values: Partial<Record<ContactField | 'terms', string>>;
      /** SPEC §8's words for why nothing was sent. */
      notice: { title: string; description?: string };
      fieldErrors: Partial<Record<ContactField, string>>;
    };

const formText = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * The contact form sent without JavaScript (with it, the page sends the message itself). The same schema as
 * the API checks it, the API's own handler stores it (with its rate limit), and the answer is the page: the
 * thanks, or the form again with what was typed and why it was refused.
 */
export async function contactAction({ request, context }: ActionFunctionArgs) {
  const answer = (value: ContactActionData, status: number) => data(value, { status });
  const form = await request.formData();
  const values: Partial<Record<ContactField | 'terms', string>> = {};
  for (const field of CONTACT_FIELDS) values[field] = formText(form, field).slice(0, 5000);
  const terms = formText(form, 'terms');
  if (terms !== '') values.terms = 'on';
  const input: ContactInput = {
    firstname: values.firstname ?? '',
    lastname: values.lastname ?? '',
    email: values.email ?? '',
    telephone: values.telephone ?? '',
    title: values.title ?? '',
    message: values.message ?? '',
  };
  const parsed = contactSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<ContactField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ContactField;
      fieldErrors[field] ??= contactIssueText(field, issue, input[field] ?? '');
    }
    return answer({ values, notice: MESSAGES.invalidForm, fieldErrors }, 400);
  }
  // SPEC §5: without the terms ticked nothing is sent.
  if (terms === '') return answer({ values, notice: MESSAGES.contactTermsRequired, fieldErrors: {} }, 400);
  const envelope = await shopDataOf(context).post('contacts', parsed.data);
  if (envelope.status === 201 || envelope.status === 200) {
    return answer({ sent: { firstname: parsed.data.firstname, email: parsed.data.email } }, 200);
  }
  const notice =
    envelope.status === 429 ? MESSAGES.rateLimited : envelope.status === 400 ? MESSAGES.invalidForm : MESSAGES.generic;
  return answer(
    { values, notice, fieldErrors: {} },
    envelope.status === 429 ? 429 : envelope.status >= 500 ? 503 : 400,
  );
}
