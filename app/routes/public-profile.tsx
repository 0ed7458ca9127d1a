import { data } from "react-router";
import { ReportLink } from "~/components/report-link";
import { ProfileView } from "~/components/profile-view";
import { profilePage } from "#server/cache/reads";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/public-profile";

// Serves both /user/{userId} and /u/{username}; unknown ones get the 404 page. A visitor's is
// a shared read, dropped by a change to profiles or what they list (issue #28); a resident's
// runs with their claims (their own hidden profile, a moderator's view).
export async function loader({ params, context }: Route.LoaderArgs) {
  const which = params.userId ? { userId: params.userId } : { username: params.username ?? "" };
  const result = await getRequestContext(context).db.asViewer(profilePage, which);
  if (!result) throw data(null, { status: 404 });
  return result;
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.profile.fullName} (@${loaderData.profile.username}) · Guida` },
        { name: "description", content: loaderData.profile.bio.slice(0, 150) || `Perfil de ${loaderData.profile.fullName} no Guida.` },
      ]
    : [{ title: "Perfil não encontrado · Guida" }];

export default function PublicProfile({ loaderData }: Route.ComponentProps) {
  const { profile } = loaderData;
  return (
    <ProfileView
      profile={profile}
      activity={loaderData.activity}
      actions={<ReportLink kind="profile" id={profile.id} label={profile.fullName} />}
    />
  );
}
