import { ServerResponse, type IncomingMessage } from 'node:http';

/**
 * A response whose streamed chunks reach the socket as they are written. Node corks the socket on
 * a write and uncorks it on the next tick, which only comes once the microtask queue is empty:
 * behind a model's stream pipeline (dozens of chained promises per chunk) a chat token waited
 * there a millisecond or more. Streamed bodies (the chat, live SSE, NDJSON progress) are the
 * chunked ones; a body sent whole keeps Node's batching.
 */
export class FlushingServerResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  override write(chunk: unknown, encodingOrCallback?: unknown, callback?: unknown): boolean {
    const isWritten = (ServerResponse.prototype.write as (...args: unknown[]) => boolean).call(
      this,
      chunk,
      encodingOrCallback,
      callback,
    );
    if (this.chunkedEncoding) this.socket?.uncork();
    return isWritten;
  }
}
