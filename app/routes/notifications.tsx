import { Form, Link, redirect } from "react-router";
import { keysetPageHref, PagedList, pageRequestFromUrl } from "~/components/pagination";
import { formatShortDate } from "#core/format";
import { safeRedirectPath } from "#core/redirects";
import { refusalOf } from "#core/refused";
import { Button } from "~/components/ui/button";
import { KindIcon } from "~/components/ui/kind-icon";
import { kindOfHref } from "#core/item-kinds";
import { PageHeader } from "~/components/ui/page-header";
import { intentOf, replyRefused, signedInAction } from "#server/toolkit/action";
import { listNotifications, markAllRead, markRead } from "#server/models/notifications";
import { PushSwitch } from "~/components/push-switch";
import { vapidPublicKey } from "#server/live/vapid";
import { devicesOf } from "#server/models/push";
import { pushIntent } from "#server/toolkit/push-intents";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = () => [{ title: "Notificações · Guida" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const user = await ctx.requireUser();
  const [list, devices] = await ctx.db.asCaller((tx) =>
    Promise.all([listNotifications(tx, user.id, pageRequestFromUrl(new URL(request.url))), devicesOf(tx, user.id)]),
  );
  return { ...list, push: { publicKey: vapidPublicKey(), devices } };
}

// POST /notifications — intent=read with id, or intent=read-all; push-subscribe and
// push-unsubscribe (this device's Web Push subscription, sent by ~/client/push).
export const action = signedInAction(async (_args: Route.ActionArgs, { ctx, user, form }) => {
  const intent = intentOf(form);
  switch (intent) {
    case "read-all":
      await ctx.db.asCaller((tx) => markAllRead(tx, user.id));
      break;
    case "read": {
      const ok = await ctx.db.asCaller((tx) => markRead(tx, user.id, String(form.get("id") ?? "")));
      if (!ok) return replyRefused(404, "Notificação não encontrada.", { intent });
      break;
    }
    case "push-subscribe":
    case "push-unsubscribe":
      return pushIntent(ctx, user.id, intent, form);
    default:
      return replyRefused(400, "Ação desconhecida.", { intent });
  }
  return redirect(safeRedirectPath(form.get("redirectTo"), "/notifications"), 303);
});

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { notifications, hasMore, page, push } = loaderData;
  const unread = notifications.filter((n) => !n.readAt).length;
  const refused = refusalOf(actionData);
  return (
    <div className="space-y-4">
      <PageHeader title="Notificações">
        {unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <Button type="submit" variant="secondary" size="sm">
              Marcar todas como lidas
            </Button>
          </Form>
        ) : null}
      </PageHeader>
      {refused ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {refused}
        </p>
      ) : null}
      <PushSwitch publicKey={push.publicKey} devices={push.devices} />
      <PagedList
        items={notifications}
        className="space-y-2"
        empty="Nenhuma notificação por enquanto."
        page={page}
        hasMore={hasMore}
        href={keysetPageHref("/notifications", {}, page, notifications)}
      >
        {(n) => (
          <li
            data-unread={n.readAt ? undefined : "true"}
            className={`flex items-start gap-3 rounded-xl p-3 shadow-sm ${
              n.readAt ? "bg-white dark:bg-stone-900" : "border-l-4 border-brand-600 bg-brand-50 dark:bg-brand-900"
            }`}
          >
            <NotificationIcon link={n.link} />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">
                {n.readAt ? null : <span className="sr-only">Não lida: </span>}
                {n.link ? (
                  <Link to={n.link} className="underline">
                    {n.title}
                  </Link>
                ) : (
                  n.title
                )}
              </p>
              {n.body ? <p className="line-clamp-2 text-sm text-stone-700 dark:text-stone-200">{n.body}</p> : null}
              <p className="text-xs text-stone-500 dark:text-stone-400">{formatShortDate(n.createdAt)}</p>
            </div>
            {n.readAt ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="read" />
                <input type="hidden" name="id" value={n.id} />
                <Button type="submit" variant="link" size="xs">
                  Marcar como lida
                </Button>
              </Form>
            )}
          </li>
        )}
      </PagedList>
    </div>
  );
}

/** The icon of the kind of item a notification points to (a vote on a post, a favorited ad). */
function NotificationIcon({ link }: { link: string | null }) {
  const kind = kindOfHref(link);
  return kind ? <KindIcon kind={kind} size={20} className="mt-0.5 shrink-0 text-brand-700 dark:text-brand-100" /> : null;
}
