import { data } from "react-router";
import { ReportLink } from "~/components/report-link";
import { ProfileView } from "~/components/profile-view";
import { getProfileActivity, getProfileById, getProfileByUsername } from "#server/models/profiles";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/public-profile";

// Serves both /user/{userId} and /u/{username}; unknown ones get the 404 page.
export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await getRequestContext(context).db.asCaller(async (tx) => {
    const profile = params.userId
      ? await getProfileById(tx, params.userId)
      : await getProfileByUsername(tx, params.username ?? "");
    if (!profile) return null;
    return { profile, activity: await getProfileActivity(tx, profile.id) };
  });
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
