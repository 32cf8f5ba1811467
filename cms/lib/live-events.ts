import { randomUUID } from 'node:crypto';
import type { LiveEvent } from '@shop/shared/admin';
import { env } from './env';
import { connectedRedis, createRedisSubscriber, getRedis, redisConfigured, type Redis } from './redis';

/**
 * Live alerts for the control centre (issue 14 part 5): an in-process bus that the services emit to, and the
 * Server-Sent Events streams of the signed-in admins that listen to it. With several instances (REDIS_URL)
 * every event is also published on a Redis channel, and each instance hands the others' events to its own
 * open streams, so an admin hears about an order whichever instance took the capture.
 *
 * Nothing is stored: an admin who is not connected at the moment of an event sees it in the lists and
 * badges the next time they load; so `id:` lines name events but a reconnecting client gets no replay.
 */
export const LIVE_EVENTS_CHANNEL = 'shop:live-events';

/** A comment line every so often keeps proxies (nginx's 60 s read timeout) and the browser from dropping an idle stream. */
const HEARTBEAT_MS = 20_000;
/** What EventSource waits before reconnecting after a dropped stream (its default is browser-defined). */
const RETRY_MS = 3_000;
/**
 * Bytes queued for one stream that its client has not read: past this the client is too slow (or gone
 * without closing) and is dropped, so one stuck tab cannot make the server hold an unbounded backlog.
 * Counted in bytes, not events: an event's size is the record's (a long message), and with MAX_STREAMS
 * streams the backlogs together stay within 6.4 MB of the heap.
 */
const MAX_QUEUED_BYTES = 64 * 1024;
/** Open streams per user: a reload or a few tabs fit; past it the oldest goes (a tab closed without a FIN). */
export const MAX_STREAMS_PER_USER = 5;
/**
 * Open streams per instance, whoever holds them: only signed-in admins open them, 5 each, so a family's
 * team with a few tabs open fits many times over.
 */
const MAX_STREAMS = 100;

type Listener = (event: LiveEvent, id: string) => void;
const listeners = new Set<Listener>();

let sharing: Promise<void> | null = null;
let publishWarned = false;

interface Log {
  warn(message: string): void;
}
let log: Log = { warn: (m) => console.warn(m) };

/** Where the bus's warnings (Redis unreachable) go; the endpoint passes Payload's logger. */
export function setLiveEventsLogger(next: Log): void {
  log = next;
}

function deliver(event: LiveEvent, id: string): void {
  for (const listener of listeners) {
    try {
      listener(event, id);
    } catch (err) {
      log.warn(`live event ${event.type} not delivered to one stream: ${(err as Error).message}`);
    }
  }
}

/**
 * Tells every open control centre, on this instance at once and on the others through Redis. Never throws
 * and never waits: the order or message it announces is already saved, and an alert that cannot be sent
 * must not fail the shopper's request.
 */
export function emitLiveEvent(event: LiveEvent): void {
  const id = randomUUID();
  deliver(event, id);
  if (!redisConfigured()) return;
  const message = JSON.stringify({ from: env.instanceId, id, event });
  const publish = async () => {
    const redis = connectedRedis() ?? (await getRedis());
    await redis.publish(LIVE_EVENTS_CHANNEL, message);
  };
  publish().then(
    () => {
      publishWarned = false;
    },
    (err: unknown) => {
      // Admins on other instances miss this alert (the lists still show the record): said once per outage.
      if (!publishWarned) log.warn(`live event not announced to other instances: ${(err as Error).message}`);
      publishWarned = true;
    },
  );
}

/**
 * Subscribes this instance to the other instances' events, once, when its first stream opens: an instance
 * without admins connected needs no subscription. Resolves once subscribed, so a stream that waited for it
 * misses nothing published afterwards.
 */
function shareBetweenInstances(): Promise<void> {
  sharing ??= (async () => {
    const subscriber: Redis = await createRedisSubscriber();
    await subscriber.subscribe(LIVE_EVENTS_CHANNEL, (raw) => {
      try {
        const message = JSON.parse(raw) as { from: string; id: string; event: LiveEvent };
        if (message.from !== env.instanceId) deliver(message.event, message.id);
      } catch {
        log.warn('live event from another instance could not be read; ignored');
      }
    });
  })().catch((err: unknown) => {
    sharing = null;
    throw err;
  });
  return sharing;
}

interface OpenStream {
  owner: string;
  close(reason?: 'session.ended'): void;
}
const streams = new Set<OpenStream>();

export const openLiveStreamCount = (): number => streams.size;

/** Closes every open stream (shutdown): the HTTP server cannot finish closing while any is open. */
export function closeLiveStreams(): void {
  for (const stream of [...streams]) stream.close();
}

export class TooManyStreamsError extends Error {}

export interface LiveStreamOptions {
  /** The user the stream belongs to (a cap applies per user). */
  owner: string;
  /** Asked every LIVE_EVENTS_RECHECK_SECONDS: false (signed out, expired, no longer an admin) ends the stream. */
  stillAllowed(): Promise<boolean>;
  /** How often to ask; env.liveEventsRecheckMs by default. */
  recheckMs?: number;
}

const encoder = new TextEncoder();
const frame = (event: LiveEvent, id: string) =>
  encoder.encode(`id: ${id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);

/**
 * An SSE response that carries every live event from now on until the client goes, its session ends, or it
 * falls MAX_QUEUED_BYTES behind. `Cache-Control: no-transform` keeps the compression middleware off it,
 * which would otherwise hold the events back in its gzip buffer; `X-Accel-Buffering: no` does the same for
 * nginx.
 */
export async function openLiveStream({
  owner,
  stillAllowed,
  recheckMs = env.liveEventsRecheckMs,
}: LiveStreamOptions): Promise<Response> {
  if (streams.size >= MAX_STREAMS) throw new TooManyStreamsError('Too many live streams open on this instance');
  if (redisConfigured()) {
    try {
      await shareBetweenInstances();
    } catch (err) {
      // This instance's own events still arrive; the next stream to open tries to subscribe again.
      log.warn(`live events from other instances not received: ${(err as Error).message}`);
    }
  }
  const mine = [...streams].filter((s) => s.owner === owner);
  if (mine.length >= MAX_STREAMS_PER_USER) mine[0].close();

  let stream!: OpenStream;
  let cancelStream: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        let closed = false;
        let rechecking = false;
        const send = (chunk: Uint8Array) => {
          if (closed) return;
          if ((controller.desiredSize ?? 0) <= 0) {
            // Erroring (not closing) drops the unread backlog and the connection with it.
            cleanUp();
            controller.error(new Error('live stream dropped: the client stopped reading'));
            return;
          }
          controller.enqueue(chunk);
        };
        const listener: Listener = (event, id) => send(frame(event, id));
        const heartbeat = setInterval(() => send(encoder.encode(': ping\n\n')), HEARTBEAT_MS);
        const recheck = setInterval(() => {
          if (rechecking) return;
          rechecking = true;
          stillAllowed()
            .catch(() => true) // a failed look-up (database busy) is not a sign-out: asked again next time
            .then((allowed) => {
              if (!allowed) stream.close('session.ended');
            })
            .finally(() => {
              rechecking = false;
            });
        }, recheckMs);
        heartbeat.unref();
        recheck.unref();
        stream = {
          owner,
          close(reason) {
            if (closed) return;
            if (reason) send(frame({ type: reason, data: {} }, randomUUID()));
            closed = true;
            cleanUp();
            try {
              controller.close();
            } catch {
              // Already cancelled by the client.
            }
          },
        };
        const cleanUp = () => {
          closed = true;
          clearInterval(heartbeat);
          clearInterval(recheck);
          listeners.delete(listener);
          streams.delete(stream);
        };
        cancelStream = cleanUp;
        streams.add(stream);
        listeners.add(listener);
        // The first bytes tell the client the stream is live (and subscribed): headers alone may be buffered.
        controller.enqueue(encoder.encode(`retry: ${RETRY_MS}\n: connected\n\n`));
      },
      cancel() {
        cancelStream();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: MAX_QUEUED_BYTES }),
  );
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}
