import { Link } from "react-router";
import { Pagination, pageFromUrl } from "~/components/pagination";
import { cardClass } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { formatLongDate } from "#core/format";
import { LOG_ACTION_LABELS } from "#core/moderation";
import { refusePage } from "#server/toolkit/refuse-page";
import { listModerationLog, roleOf } from "#server/models/moderation";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/moderation-log";
import { textLinkClass } from "~/components/ui/text-link";

export const meta: Route.MetaFunction = () => [{ title: "Registro da moderação · Guida" }, { name: "robots", content: "noindex" }];

/** Every moderator and operator action, newest first: admins only (RLS shows nobody else a row). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  await ctx.requireUser();
  const page = pageFromUrl(new URL(request.url));
  return ctx.db.asCaller(async (tx) => {
    if ((await roleOf(tx)) !== "admin") {
      throw refusePage(403, { title: "Só para administradores", message: "O registro da moderação é só para quem administra o Guida." });
    }
    return { ...(await listModerationLog(tx, page)), page };
  });
}

export default function ModerationLog({ loaderData }: Route.ComponentProps) {
  const { entries, hasMore, page } = loaderData;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Registro da moderação</h1>
      <Link to="/moderacao" className={textLinkClass()}>
        ← Fila de moderação
      </Link>
      {entries.length === 0 ? <EmptyState>Nenhuma ação registrada.</EmptyState> : null}
      <ol className="space-y-2">
        {entries.map((e) => (
          <li key={e.id} className={cardClass("p-3 text-sm")}>
            <p>
              <span className="font-semibold">{e.moderatorName ?? "Operador"}</span> · {LOG_ACTION_LABELS[e.action] ?? e.action}
              {e.subjectName ? ` · ${e.subjectName}` : ""}
              {e.itemType ? ` · ${e.itemType}` : ""}
            </p>
            {e.note ? <p className="text-stone-600 dark:text-stone-300">“{e.note}”</p> : null}
            <p className="text-xs text-stone-500 dark:text-stone-400">{formatLongDate(new Date(e.createdAt))}</p>
          </li>
        ))}
      </ol>
      <Pagination page={page} hasMore={hasMore} href={(n) => `/moderacao/registro?pagina=${n}`} />
    </div>
  );
}
