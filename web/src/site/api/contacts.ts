import type { ContactInput } from '@shop/shared';
import { apiPost } from '../../lib/api';

/** 201 with the new message's id; 400 with zod issues; 429 when the same sender writes again too soon. */
export const sendContact = (body: ContactInput) => apiPost<{ id: string } | unknown>('contacts', body);
