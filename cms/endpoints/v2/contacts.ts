import { contactSchema } from '@shop/shared';
import { body, v2 } from '../../lib/endpoint';
import { submitContact } from '../../services/contact';

export const contactEndpoints = [
  v2('post', '/contacts', async (req) => ({
    result: await submitContact(req.payload, await body(req, contactSchema)),
    status: 201,
  })),
];
