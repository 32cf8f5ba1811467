'use client';

import { PublishButton, useDocumentInfo } from '@payloadcms/ui';
import type { PublishButtonClientProps } from 'payload';
import { useEffect } from 'react';

/**
 * Payload's own Publish button, with one correction (issue 25 §1.15). Its schedule drawer opens on "Unpublish"
 * whenever the document has no draft newer than its published version, which Payload counts only once a
 * published version exists: a draft that was never published counts 0, so the drawer offered to unpublish
 * what is not published. Here such a draft counts as one unpublished version, which is what it is; the drawer
 * then opens on "Publish". Nothing else reads the count for a never-published document (the status label and
 * the publish button's enabled state look at `hasPublishedDoc` first), and Payload sets it again itself once
 * the document is published. Upstream passes `defaultType={!hasNewerVersions ? 'unpublish' : 'publish'}`
 * (packages/ui, PublishButton) with no setting to change it.
 */
export function DraftAwarePublishButton(props: PublishButtonClientProps) {
  const { id, hasPublishedDoc, unpublishedVersionCount, setUnpublishedVersionCount } = useDocumentInfo();
  useEffect(() => {
    if (id !== undefined && !hasPublishedDoc && unpublishedVersionCount === 0) setUnpublishedVersionCount(1);
  }, [id, hasPublishedDoc, unpublishedVersionCount, setUnpublishedVersionCount]);
  return <PublishButton {...props} />;
}
