import { data } from "react-router";
import { z } from "zod";
import { deleteSubscription, PUSH_KINDS, saveSubscription } from "../models/push";
import { replyRefused } from "./action";
import type { RequestContext } from "./request-context";

/**
 * /notifications' Web Push intents (issue #31), sent by ~/client/push with this device's
 * subscription: push-subscribe saves it with the kinds chosen (again, to change them),
 * push-unsubscribe forgets it.
 *
 * The server posts to whatever endpoint a resident sends, so only what a browser's push service
 * gives is taken: https, a host name (no address literal, no localhost), the default port.
 */
const Endpoint = z
  .string()
  .max(1000)
  .refine((value) => {
    // Whitespace or a control character: URL parsing would quietly drop or encode it.
    if ([...value].some((ch) => ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f) || /\s/.test(value)) return false;
    try {
      const url = new URL(value);
      const host = url.hostname;
      return url.protocol === "https:" && url.port === "" && host.includes(".") && !/^[\d.]+$|^\[|localhost$/i.test(host);
    } catch {
      return false;
    }
  });

const Subscribe = z.object({
  endpoint: Endpoint,
  p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/),
  auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/),
  kinds: z.array(z.enum(PUSH_KINDS)).min(1).max(PUSH_KINDS.length),
});

export const PUSH_REFUSED = "Não foi possível salvar as notificações deste aparelho. Desative e ative de novo.";
export const PUSH_NO_KIND = "Escolha pelo menos um tipo de aviso.";

export async function pushIntent(ctx: RequestContext, userId: string, intent: "push-subscribe" | "push-unsubscribe", form: FormData) {
  if (intent === "push-unsubscribe") {
    const endpoint = Endpoint.safeParse(form.get("endpoint"));
    if (!endpoint.success) return replyRefused(400, PUSH_REFUSED, { intent });
    await ctx.db.asCaller((tx) => deleteSubscription(tx, userId, endpoint.data));
    return data({ push: "off" as const });
  }
  const parsed = Subscribe.safeParse({
    endpoint: form.get("endpoint"),
    p256dh: form.get("p256dh"),
    auth: form.get("auth"),
    kinds: form.getAll("kinds"),
  });
  if (!parsed.success) {
    const noKind = form.getAll("kinds").length === 0;
    return replyRefused(400, noKind ? PUSH_NO_KIND : PUSH_REFUSED, { intent });
  }
  const { endpoint, p256dh, auth, kinds } = parsed.data;
  await ctx.db.asCaller((tx) => saveSubscription(tx, { endpoint, p256dh, auth }, [...new Set(kinds)]));
  return data({ push: "on" as const });
}
