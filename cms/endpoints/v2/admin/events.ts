import type { Endpoint } from 'payload';
import { AppError } from '../../../lib/app-error';
import { requireAdmin, v2 } from '../../../lib/endpoint';
import { openLiveStream, setLiveEventsLogger, TooManyStreamsError } from '../../../lib/live-events';
import { isAdminUser } from '../../../lib/roles';

/**
 * GET admin/events: the control centre's live alerts as Server-Sent Events (issue 14 part 5). The session is
 * checked at connect (401 signed out, 403 an editor) and then again on a timer, since a stream outlives the
 * request that opened it: signing out, the token's expiry or losing the admin role ends it.
 */
export const liveEventEndpoints: Endpoint[] = [
  v2('get', '/admin/events', async (req) => {
    const user = requireAdmin(req);
    setLiveEventsLogger({ warn: (msg) => req.payload.logger.warn({ msg }) });
    const headers = new Headers(req.headers);
    try {
      return await openLiveStream({
        owner: String(user.id),
        stillAllowed: async () => {
          const { user: current } = await req.payload.auth({ headers });
          return current !== null && String(current.id) === String(user.id) && isAdminUser(current);
        },
      });
    } catch (err) {
      if (err instanceof TooManyStreamsError) throw new AppError(503, err.message);
      throw err;
    }
  }),
];
