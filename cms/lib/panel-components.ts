/**
 * The /cms panel's own components, as Payload's import map names them (relative to admin.importMap.baseDir,
 * the cms folder). After adding or renaming one, `npm run generate:importmap -w cms` rewrites the map.
 */

/** Payload's Publish button whose schedule drawer opens on "Publish" for a never-published draft (issue 25 §1.15). */
export const DRAFT_AWARE_PUBLISH_BUTTON = '/app/(payload)/components/DraftAwarePublishButton#DraftAwarePublishButton';
