/**
 * Issue 14 part 4, the contact messages' export: on the notifications screen the admin filters the list
 * (status from the address, a name typed into the search box) and "Export CSV" downloads exactly the rows
 * the list shows, every page of them, as UTF-8 with a BOM so accents survive a spreadsheet program. The spec
 * sends its own three messages through the public contact form's API, all with one unique last name.
 */
import { expect, test } from './support/test';
import { uniqueWord } from './support/admin-api';
import { shot, signInAsDemoAdmin } from './support/admin-screens';
import { readCsvDownload } from './support/files';

test('an admin exports the contact messages as filtered: the file has a BOM and just the filtered rows', async ({
  page,
  request,
}, testInfo) => {
  const word = uniqueWord();
  const messages = [
    { firstname: 'Marco', title: 'Spedizione in Vermont', message: 'Spedite in Vermont?\nGrazie, Marco' },
    { firstname: 'Lucia', title: 'Olio nuovo', message: 'Quando arriva l’olio nuovo?' },
    { firstname: 'Sofia', title: 'Caffè, macinato o in grani', message: 'Perché il caffè "Moka" è finito?' },
  ];
  for (const m of messages) {
    const res = await request.post('/api/v2/contacts', {
      data: { ...m, lastname: `Rossi ${word}`, email: `${m.firstname.toLowerCase()}.${word}@example.com` },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await signInAsDemoAdmin(page);

  await test.step("opening Lucia's message marks it read", async () => {
    await page.goto('/admin/notifications');
    await page.getByTestId('notification-search').fill(word);
    await page.getByTestId('notification-search-submit').click();
    await expect(page.getByTestId(/^notification-row-/)).toHaveCount(3);
    await page.getByTestId(`notification-row-lucia.${word}@example.com`).click();
    // The detail first: until it is shown the list's own status tags carry the same test id.
    await expect(page.getByTestId('notification-detail')).toContainText('Olio nuovo');
    await expect(page.getByTestId('notification-status')).toHaveText('Read');
    await page.getByTestId('notification-back').click();
    await expect(page.getByTestId(`notification-row-lucia.${word}@example.com`)).toContainText('Read');
  });

  await test.step('the unread ones, searched by name, are what the export holds', async () => {
    // The status filter from the address, the name from the search box: the export reads both from the URL.
    await page.goto('/admin/notifications?status=new');
    await page.getByTestId('notification-search').fill(word);
    await page.getByTestId('notification-search-submit').click();
    await expect(page).toHaveURL(new RegExp(`/admin/notifications\\?search=${word}&status=new$`));
    await expect(page.getByTestId(/^notification-row-/)).toHaveCount(2);
    await shot(page, testInfo, 'notifications-export');

    const downloading = page.waitForEvent('download');
    await page.getByTestId('notifications-export').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = await readCsvDownload(download);
    // Newest change first, as the list: Sofia wrote last. Lucia's message is read, so it is not exported.
    expect(rows.map((r) => [r['First name'], r['Last name'], r.Email, r.Type, r.Status, r.Subject, r.Message])).toEqual(
      [
        [
          'Sofia',
          `Rossi ${word}`,
          `sofia.${word}@example.com`,
          'contact',
          'new',
          'Caffè, macinato o in grani',
          'Perché il caffè "Moka" è finito?',
        ],
        [
          'Marco',
          `Rossi ${word}`,
          `marco.${word}@example.com`,
          'contact',
          'new',
          'Spedizione in Vermont',
          'Spedite in Vermont?\nGrazie, Marco',
        ],
      ],
    );
    expect(rows[0]['Received (UTC)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });
});
