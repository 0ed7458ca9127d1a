/** Where a long-lived body's producer writes: the socket itself, or a web stream's queue. */
export type DirectSink = {
  write(bytes: Uint8Array): void;
  /** Bytes written but not yet taken by the client: a client that stops reading grows it. */
  backlog(): number;
  end(): void;
};

/** Streams whose producer writes straight to the node response when this server writes them. */
const directBodies = new WeakMap<ReadableStream, (sink: DirectSink) => void>();

/**
 * A body for a long-lived response (the /events stream): when this server writes it, the
 * producer gets the node response to write to (one res.write per chunk: no web stream,
 * promise or reader per client, which cost most of a 5,000-stream fan-out). Any other
 * reader (tests, another host) reads the same bytes through the web stream. `cancel` runs
 * when the client goes away either way.
 */
export function directBody(attach: (sink: DirectSink) => void, cancel: () => void): ReadableStream<Uint8Array> {
  let attached = false;
  const take = (sink: DirectSink) => {
    if (attached) return;
    attached = true;
    attach(sink);
  };
  const body = new ReadableStream<Uint8Array>(
    {
      // Called once something reads (high-water mark 0): that reader gets the bytes.
      pull: (controller) =>
        take({
          write: (bytes) => controller.enqueue(bytes),
          backlog: () => -(controller.desiredSize ?? 0),
          end: () => {
            try {
              controller.close();
            } catch {
              // Already closed by the reader going away.
            }
          },
        }),
      cancel,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 0 }),
  );
  directBodies.set(body, (sink) => take(sink));
  return body;
}

/** The producer of a body made by directBody, which this server's writer hands the socket. */
export function directProducerOf(body: ReadableStream): ((sink: DirectSink) => void) | undefined {
  return directBodies.get(body);
}
