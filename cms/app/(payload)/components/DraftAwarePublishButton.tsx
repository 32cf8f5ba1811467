'use client';

import { PublishButton, useDocumentInfo, useModal } from '@payloadcms/ui';
import type { PublishButtonClientProps } from 'payload';
import { type MouseEvent, useEffect, useRef } from 'react';

/**
 * Payload's own Publish button, with one correction. Its schedule drawer opens on "Unpublish" whenever the
 * document has no draft newer than its published version: upstream passes
 * `defaultType={!hasNewerVersions ? 'unpublish' : 'publish'}` (packages/ui, PublishButton) with no setting to
 * change it, and the drawer takes it once, when it mounts. Scheduling is how an editor plans a publication,
 * so the drawer opens on "Publish" here; "Unpublish" stays one click away.
 *
 * - A draft never published (issue 25 §1.15): Payload counts its unpublished versions only once a published
 *   version exists, so it counts 0. It is one unpublished version, and counts so here; nothing else reads the
 *   count for a never-published document, and Payload sets it again itself once the document is published.
 * - A published document with no newer draft (issue 31 §20): the count is raised to one from the click on
 *   "Schedule publish" (in the same update that opens the drawer, so the drawer mounts on "Publish") until the
 *   drawer closes, when the true count is put back.
 */
export function DraftAwarePublishButton(props: PublishButtonClientProps) {
  const { id, hasPublishedDoc, unpublishedVersionCount, setUnpublishedVersionCount } = useDocumentInfo();
  const { isModalOpen } = useModal();
  const drawerOpen = isModalOpen(`schedule-publish-${id}`);
  const countBeforeDrawer = useRef<number | null>(null);

  useEffect(() => {
    if (id !== undefined && !hasPublishedDoc && unpublishedVersionCount === 0) setUnpublishedVersionCount(1);
  }, [id, hasPublishedDoc, unpublishedVersionCount, setUnpublishedVersionCount]);

  useEffect(() => {
    if (drawerOpen || countBeforeDrawer.current === null) return;
    setUnpublishedVersionCount(countBeforeDrawer.current);
    countBeforeDrawer.current = null;
  }, [drawerOpen, setUnpublishedVersionCount]);

  const onClickCapture = (event: MouseEvent) => {
    const onSchedule = event.target instanceof Element && event.target.closest('#schedule-publish') !== null;
    if (!onSchedule || unpublishedVersionCount > 0) return;
    countBeforeDrawer.current = unpublishedVersionCount;
    setUnpublishedVersionCount(1);
  };

  return (
    // The menu renders in a portal, whose clicks still pass through here in React's tree; `contents` keeps the
    // wrapper out of the document controls' layout.
    <div style={{ display: 'contents' }} onClickCapture={onClickCapture}>
      <PublishButton {...props} />
    </div>
  );
}
