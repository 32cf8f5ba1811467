/**
 * Opening a new contact message marks it read (SPEC §4). That change is sent as meant for "new", so when it
 * reaches the server after a status the admin chose meanwhile, it is refused (409) and the admin's choice stays;
 * the order page's NEW → PROCESSING works the same way (admin-refund.spec.ts).
 */
import { AdminApi, uniqueWord } from './support/admin-api';
import { signInAsDemoAdmin } from './support/admin-screens';
import { expect, test } from './support/test';

test('when a message is resolved while its own "read" is still on its way, then it stays resolved', async ({
  page,
  request,
  baseURL,
}) => {
  const api = await AdminApi.login(request, baseURL!);
  const word = uniqueWord();
  const contact = await request.post('/api/v2/contacts', {
    headers: { Origin: new URL(baseURL!).origin },
    data: {
      firstname: 'Lina',
      lastname: `Ritardo ${word}`,
      email: `lina.${word}@example.com`,
      title: `Late question ${word}`,
      message: 'Is the new oil in yet?',
    },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const id = String(((await contact.json()) as { result: { id: string } }).result.id);
  await signInAsDemoAdmin(page);

  // The page's automatic new → read is held back 1.5 s, as a slow network or a busy server would.
  await page.route(`**/api/v2/notifications/${id}`, async (route) => {
    const body = route.request().method() === 'PUT' ? (route.request().postDataJSON() as { status?: string }) : {};
    if (body.status === 'read') await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const puts: string[] = [];
  page.on('response', (response) => {
    const sent = response.request();
    if (sent.method() === 'PUT' && sent.url().endsWith(`/api/v2/notifications/${id}`)) {
      puts.push(`${(sent.postDataJSON() as { status: string }).status} ${response.status()}`);
    }
  });
  await page.goto(`/admin/notifications/${id}`);
  await expect(page.getByTestId('notification-detail')).toContainText(`Late question ${word}`);
  await page.getByTestId('notification-status-select').click();
  await page.getByRole('option', { name: 'Resolved' }).click();
  await expect(page.getByTestId('notification-status')).toHaveText('Resolved');
  await page.unrouteAll({ behavior: 'wait' });
  await expect.poll(() => puts).toEqual(['resolved 200', 'read 409']);
  await expect(page.getByTestId('notification-status')).toHaveText('Resolved');
  await expect(page.getByTestId('toast-error')).toHaveCount(0);
  const stored = (await api.get(`/api/v2/notifications/${id}`)) as unknown as { result: { status: string } };
  expect(stored.result.status).toBe('resolved');
});
