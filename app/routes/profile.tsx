import { data, Link } from "react-router";
import { ProfileView } from "~/components/profile-view";
import { SignOutButton } from "~/components/sign-out-button";
import { buttonClass } from "~/components/ui/button";
import { roleOf } from "#server/models/moderation";
import { getProfileActivity, getProfileById } from "#server/models/profiles";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "Meu perfil · Guida" }, { name: "robots", content: "noindex" }];

// Own profile: requireUser sends visitors to /login.
export async function loader({ context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const user = await ctx.requireUser();
  const result = await ctx.db.asCaller(async (tx) => ({
    profile: await getProfileById(tx, user.id),
    activity: await getProfileActivity(tx, user.id),
    role: await roleOf(tx),
  }));
  if (!result.profile) throw data(null, { status: 404 });
  return { profile: result.profile, activity: result.activity, moderates: result.role !== "resident" };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  return (
    <ProfileView
      profile={loaderData.profile}
      activity={loaderData.activity}
      actions={
        <>
        <nav aria-label="Minha conta" className="grid grid-cols-2 gap-2">
          {[
            ["/favorites", "Favoritos"],
            ["/notifications", "Notificações"],
            ["/my-sell-items", "Meus anúncios"],
            ["/my-posts", "Meus posts"],
            ["/create-sell-item", "Vender algo"],
            ["/create-news", "Publicar notícia"],
            ["/cadastrar/negocio", "Cadastrar negócio"],
            ...(loaderData.moderates ? [["/moderacao", "Moderação"]] : []),
          ].map(([to, label]) => (
            <Link
              key={to}
              to={to!}
              className="inline-flex min-h-11 items-center justify-center rounded-xl bg-white px-3 font-semibold shadow-sm hover:bg-stone-100 dark:bg-stone-900 dark:hover:bg-stone-800"
            >
              {label}
            </Link>
          ))}
        </nav>
        <div className="grid grid-cols-2 gap-2">
          <Link to="/edit-profile" className={buttonClass("primary", "md")}>
            Editar perfil
          </Link>
          <SignOutButton className={buttonClass("secondary", "md", "w-full")} />
        </div>
        </>
      }
    />
  );
}
