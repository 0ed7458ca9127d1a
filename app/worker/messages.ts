import { MessageHandler } from "@remix-pwa/sw/message";
import { WORKER_MESSAGES } from "../lib/pwa-cache-policy";
import type { ExtendableMessageEvent } from "./types";

/**
 * The page-to-worker messages, dispatched by @remix-pwa/sw's MessageHandler (one handler per
 * `type`). Its own logger prints nothing in production, errors included, so each handler here
 * catches its errors and says so on the reply port when there is one.
 */
type Handler = (event: ExtendableMessageEvent) => Promise<void>;

class GuidaMessage extends MessageHandler {
  constructor(type: string, handler: Handler) {
    super(type);
    this.bind(async (event: ExtendableMessageEvent) => {
      try {
        await handler(event);
      } catch (error) {
        console.error(`[sw] message ${type} failed:`, error);
        event.ports[0]?.postMessage({ type: `${type}_FAILED`, error: String(error) });
      }
    });
  }
}

export function createMessageRouter(handlers: Record<string, Handler>) {
  const routers = Object.entries(handlers).map(([type, handler]) => new GuidaMessage(type, handler));
  // MessageHandler keeps its handlers in one static table, so any instance dispatches them all.
  const dispatcher = routers[0];
  return (event: ExtendableMessageEvent) => {
    if (dispatcher) event.waitUntil(dispatcher.handleMessage(event as never));
  };
}

export { WORKER_MESSAGES };
