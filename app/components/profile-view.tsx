import { Link } from "react-router";
import { Picture } from "~/components/picture";
import { formatBRL, formatLongDate, formatShortDate } from "#core/format";
import { cardClass } from "~/components/ui/card";

type Listing = { id: string; title: string; subtitle: string; createdAt: Date | string; image: string | null };

export type ProfileViewData = {
  profile: {
    id: string;
    username: string;
    fullName: string;
    avatarUrl: string | null;
    bio: string;
    createdAt: Date | string;
    sellItems: number;
    posts: number;
    news: number;
  };
  activity: {
    sellItems: (Listing & { price: string; status: string })[];
    posts: Listing[];
    news: Listing[];
  };
};

/** A resident's public page: who they are and what they published. */
export function ProfileView({ profile, activity, actions }: ProfileViewData & { actions?: React.ReactNode }) {
  return (
    <article className="space-y-6">
      <header className="flex items-center gap-4">
        <Picture image={profile.avatarUrl} alt="" sizes="80px" priority placeholder={profile.fullName} className="size-20 shrink-0 rounded-full" />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold">{profile.fullName}</h1>
          <p className="text-stone-600 dark:text-stone-300">@{profile.username}</p>
          <p className="text-xs text-stone-500 dark:text-stone-400">No Guida desde {formatLongDate(profile.createdAt)}</p>
        </div>
      </header>
      {profile.bio ? <p className="whitespace-pre-line">{profile.bio}</p> : null}
      <dl className="grid grid-cols-3 gap-2 text-center">
        {[
          ["Itens à venda", profile.sellItems],
          ["Posts", profile.posts],
          ["Notícias", profile.news],
        ].map(([label, value]) => (
          <div key={label} className={cardClass("p-3")}>
            <dt className="text-xs text-stone-600 dark:text-stone-300">{label}</dt>
            <dd className="text-xl font-bold text-brand-600 dark:text-brand-100">{value}</dd>
          </div>
        ))}
      </dl>
      {actions}
      <ActivityList
        title="À venda"
        empty="Nenhum item à venda."
        items={activity.sellItems.map((item) => ({
          ...item,
          subtitle: `${formatBRL(item.price)}${item.status === "sold" ? " · vendido" : ""} · ${item.subtitle}`,
        }))}
      />
      <ActivityList title="Posts" empty="Nenhum post ainda." items={activity.posts} />
      <ActivityList title="Notícias" empty="Nenhuma notícia publicada." items={activity.news} />
    </article>
  );
}

function ActivityList({ title, empty, items }: { title: string; empty: string; items: Listing[] }) {
  const id = `lista-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {items.map((item) => (
            <li key={item.id} className={cardClass("flex gap-3 p-2")}>
              {item.image ? <Picture image={item.image} alt="" sizes="64px" className="size-16 shrink-0 rounded-lg" /> : null}
              <div className="min-w-0">
                <p className="line-clamp-2 font-medium">{item.title}</p>
                <p className="truncate text-xs text-stone-500 dark:text-stone-400">
                  {item.subtitle ? `${item.subtitle} · ` : ""}
                  {formatShortDate(item.createdAt)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ProfileLinkCard({ user }: { user: { id: string; username: string; fullName: string; avatarUrl: string | null; bio: string } }) {
  return (
    <Link to={`/u/${user.username}`} className={cardClass("flex items-center gap-3 p-3", { interactive: true })}>
      <Picture image={user.avatarUrl} alt="" sizes="48px" placeholder={user.fullName} className="size-12 shrink-0 rounded-full" />
      <span className="min-w-0">
        <span className="block truncate font-semibold">{user.fullName}</span>
        <span className="block truncate text-sm text-stone-600 dark:text-stone-300">@{user.username}</span>
      </span>
    </Link>
  );
}
