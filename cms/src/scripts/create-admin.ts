// `npm run create-admin`: adds an admin account. Reads ADMIN_EMAIL/ADMIN_PASSWORD or asks on the terminal.
import { createInterface } from 'node:readline/promises';
import { getPayload } from 'payload';
import { isPasswordAcceptable, PASSWORD_RULES } from '@shop/shared';
import config from '../payload.config';
import { clientPasswordHash } from '../services/first-admin';

const rl = createInterface({ input: process.stdin, output: process.stdout });
const ask = async (question: string, fallback?: string) => fallback || (await rl.question(question)).trim();

const email = await ask('Admin email: ', process.env.ADMIN_EMAIL);
const firstname = await ask('First name: ', process.env.ADMIN_FIRSTNAME);
const lastname = await ask('Last name: ', process.env.ADMIN_LASTNAME);
const password = await ask('Password: ', process.env.ADMIN_PASSWORD);
rl.close();

if (!isPasswordAcceptable(password, password)) {
  console.error(
    `Password does not meet the rules:\n- ${PASSWORD_RULES.slice(0, 4)
      .map((r) => r.label)
      .join('\n- ')}`,
  );
  process.exit(1);
}
const payload = await getPayload({ config });
await payload.create({
  collection: 'users',
  data: { email, firstname, lastname, password: clientPasswordHash(password), active: true },
  overrideAccess: true,
});
console.log(`Admin ${email} created.`);
process.exit(0);
