import { data, Form, Link, redirect } from "react-router";
import { Pagination, pageFromUrl } from "~/components/pagination";
import { formatShortDate } from "~/lib/format";
import { readFormData, UNREADABLE_FORM } from "~/lib/form-data";
import { safeRedirectPath } from "~/lib/redirects";
import { getDb, withUser } from "../../server/db";
import { listNotifications, markAllRead, markRead } from "../../server/models/notifications";
import { requireUser } from "../../server/request";
import type { Route } from "./+types/notifications";

export const meta: Route.MetaFunction = () => [{ title: "Notificações · Guida" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { user, claims } = await requireUser(request);
  const page = pageFromUrl(new URL(request.url));
  const db = await getDb();
  const result = await withUser(db, claims, (tx) => listNotifications(tx, user.id, page));
  return { ...result, page };
}

// POST /notifications — intent=read with id, or intent=read-all.
export async function action({ request }: Route.ActionArgs) {
  const { user, claims } = await requireUser(request);
  const form = await readFormData(request);
  if (!form) return data({ error: UNREADABLE_FORM }, { status: 400 });
  const intent = form.get("intent");
  const db = await getDb();
  if (intent === "read-all") {
    await withUser(db, claims, (tx) => markAllRead(tx, user.id));
  } else if (intent === "read") {
    const ok = await withUser(db, claims, (tx) => markRead(tx, user.id, String(form.get("id") ?? "")));
    if (!ok) return data({ error: "Notificação não encontrada." }, { status: 404 });
  } else {
    return data({ error: "Ação desconhecida." }, { status: 400 });
  }
  return redirect(safeRedirectPath(form.get("redirectTo"), "/notifications"), 303);
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { notifications, hasMore, page } = loaderData;
  const unread = notifications.filter((n) => !n.readAt).length;
  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Notificações</h1>
        {unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className="min-h-11 rounded-full border border-stone-300 px-4 text-sm font-semibold dark:border-stone-700">
              Marcar todas como lidas
            </button>
          </Form>
        ) : null}
      </div>
      {actionData?.error ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {actionData.error}
        </p>
      ) : null}
      {notifications.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-stone-600 shadow-sm dark:bg-stone-900 dark:text-stone-300">Nenhuma notificação por enquanto.</p>
      ) : (
        <ul className="space-y-2">
          {notifications.map((n) => (
            <li
              key={n.id}
              data-unread={n.readAt ? undefined : "true"}
              className={`flex items-start gap-3 rounded-xl p-3 shadow-sm ${
                n.readAt ? "bg-white dark:bg-stone-900" : "border-l-4 border-brand-600 bg-brand-50 dark:bg-brand-900"
              }`}
            >
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
                  <button type="submit" className="min-h-11 rounded-full px-3 text-sm font-semibold text-brand-700 underline dark:text-brand-100">
                    Marcar como lida
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} hasMore={hasMore} href={(n) => `/notifications?pagina=${n}`} />
    </div>
  );
}
