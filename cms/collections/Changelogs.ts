import type { CollectionConfig } from 'payload';
import { isStaff } from '../access/roles';
import { richTextEditor } from '../fields/rich-text';
import { DRAFT_AWARE_PUBLISH_BUTTON } from '../lib/panel-components';
import { stripControlCharactersHook } from '../hooks/strip-control-characters';

/**
 * The control centre dashboard's "what's new" list, written in the /cms panel. Only published entries are
 * listed there, newest date first; drafts and scheduled publishing come from Payload's versions.
 */
export const Changelogs: CollectionConfig = {
  slug: 'changelogs',
  // Staff only, reading too: shoppers never see the changelog, admins read it on the dashboard.
  access: { read: isStaff, create: isStaff, update: isStaff, delete: isStaff, readVersions: isStaff },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['version', 'title', 'date', '_status'],
    components: { edit: { PublishButton: DRAFT_AWARE_PUBLISH_BUTTON } },
  },
  defaultSort: '-date',
  versions: { drafts: { schedulePublish: true }, maxPerDoc: 25 },
  fields: [
    { name: 'version', type: 'text', required: true, maxLength: 20 },
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    {
      name: 'date',
      type: 'date',
      required: true,
      index: true,
      defaultValue: () => new Date().toISOString(),
      admin: { date: { pickerAppearance: 'dayOnly' } },
    },
    { name: 'body', type: 'richText', editor: richTextEditor },
  ],
  hooks: { beforeValidate: [stripControlCharactersHook] },
};
