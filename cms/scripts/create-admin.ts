// `npm run create-admin`: adds an admin account. Reads ADMIN_EMAIL/ADMIN_PASSWORD or asks on the terminal.
import { createInterface } from 'node:readline/promises';
import { getPayload } from 'payload';
import { isPasswordAcceptable, PASSWORD_RULES } from '@shop/shared';
import { loadPayloadConfig } from '../lib/load-config';
import { clientPasswordHash } from '../lib/client-password';
import { DEMO_ADMIN } from '../lib/demo-account';

const rl = createInterface({ input: process.stdin, output: process.stdout });
const ask = async (question: string, fallback?: string) => fallback || (await rl.question(question)).trim();

const email = await ask('Admin email: ', process.env.ADMIN_EMAIL);
const firstname = await ask('First name: ', process.env.ADMIN_FIRSTNAME);
const lastname = await ask('Last name: ', process.env.ADMIN_LASTNAME);
const password = await ask('Password: ', process.env.ADMIN_PASSWORD);
rl.close();

// The same rules as the control centre's new-password form (SPEC §5), without the "repeat" one.
if (!isPasswordAcceptable(password, password)) {
  console.error(
    `Password does not meet the rules:\n- ${PASSWORD_RULES.filter((r) => r.id !== 'repeat')
      .map((r) => r.label)
      .join('\n- ')}`,
  );
  process.exit(1);
}
if (password === DEMO_ADMIN.password) {
  console.error('That is the demo password the README publishes; choose another.');
  process.exit(1);
}
try {
  // Inside the try: opening the database applies pending migrations, and a failure there is one line too.
  const payload = await getPayload({ config: await loadPayloadConfig() });
  await payload.create({
    collection: 'users',
    data: { email, firstname, lastname, password: clientPasswordHash(password), active: true },
    overrideAccess: true,
  });
} catch (err) {
  // Payload's ValidationError names the field (a taken or malformed email, a missing name): that is all the
  // person at the terminal needs, not a stack trace.
  const details = (err as { data?: { errors?: Array<{ path: string; message: string }> } }).data?.errors;
  console.error(
    details?.length
      ? `Admin not created:\n${details.map((e) => `- ${e.path}: ${e.message}`).join('\n')}`
      : `Admin not created: ${err instanceof Error ? err.message : String(err)}`,
  );
  process.exit(1);
}
console.log(`Admin ${email} created.`);
process.exit(0);
