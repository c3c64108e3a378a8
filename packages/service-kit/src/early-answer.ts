// An answer given before the request's body was read (a file refused for its size or kind part-way through a
// multipart upload, a 413 on a declared length): the rest of the body is read and discarded, so the connection ends
// cleanly and the caller reads the answer. Left unread, the socket was reset under a client still sending (Node's
// fetch then reports ECONNRESET/EPIPE instead of the 413). Past a cap the socket is cut: nobody is owed that much.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The most a service reads and discards after answering; beyond it the connection is cut. */
export const DISCARD_CAP_BYTES = 64 * 1024 * 1024;

export function installEarlyAnswerDrain(app: FastifyInstance, capBytes = DISCARD_CAP_BYTES) {
  app.addHook('onSend', (request, _reply, payload, done) => {
    const raw = request.raw;
    if (!raw.complete && !raw.destroyed) discardRest(raw, capBytes);
    done(null, payload);
  });
}

function discardRest(raw: IncomingMessage, capBytes: number) {
  raw.unpipe(); // whatever was reading it (busboy) has given up
  let seen = 0;
  raw.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > capBytes) raw.socket?.destroy();
  });
  raw.resume();
}
