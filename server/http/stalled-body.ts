/**
 * Closes the connection of a request whose body stops arriving (issue 14 item 5; decision 0096): a
 * client that opens an upload and then sends nothing more would otherwise hold a connection, a
 * temporary file and a parser for up to Node's whole-request timeout (5 minutes). While a body is
 * being received, the socket may be silent for at most `ms` (30 s); every chunk that arrives
 * starts the count again, so a slow but moving upload on a rural connection is never cut. The
 * upload's own error handling then removes its temporary file (server/storage/uploads.ts).
 */
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

export const STALLED_BODY_MS = 30_000;

export function closeStalledBodies(logger: Logger, ms = STALLED_BODY_MS): RequestHandler {
  return (req, res, next) => {
    const length = req.headers['content-length'];
    const hasBody =
      req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (!hasBody) return next();
    const socket = req.socket;
    const stalled = () => {
      logger.info(
        { method: req.method, url: req.originalUrl },
        `request body stalled for ${ms / 1000} s: closed`,
      );
      socket.destroy();
    };
    socket.setTimeout(ms, stalled);
    const received = () => {
      socket.off('timeout', stalled);
      // once the answer is out, the socket's timeout is Node's keep-alive one: leave it be
      if (!res.writableFinished) socket.setTimeout(0);
    };
    req.once('end', received);
    req.once('close', received);
    next();
  };
}
