import { data, Link } from "react-router";
import { Pagination, pageFromUrl } from "~/components/pagination";
import { PostCard } from "~/components/post-card";
import { useCurrentUser } from "~/components/user-context";
import { readFormData, UNREADABLE_FORM } from "~/lib/form-data";
import { listPosts } from "../../server/models/posts";
import { asRequestUser, getRequestSession } from "../../server/request";
import { voteAction } from "../../server/vote-action";
import type { Route } from "./+types/posts";

export const meta: Route.MetaFunction = () => [
  { title: "Posts de Vila Serena · Guida" },
  { name: "description", content: "O que os moradores de Vila Serena estão conversando: avisos, pedidos, recomendações e enquetes." },
];

export async function loader({ request }: Route.LoaderArgs) {
  const page = pageFromUrl(new URL(request.url));
  const session = await getRequestSession(request);
  const list = await asRequestUser(request, (tx) => listPosts(tx, { page, viewerId: session.user?.id ?? null }));
  return { ...list, page };
}

/** POST /posts — intent=vote, postId, optionId (the public contract); see voteAction. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  if (!form) return data({ vote: { postId: "", error: UNREADABLE_FORM } }, { status: 400 });
  if (form.get("intent") !== "vote") {
    return data({ vote: { postId: "", error: "Ação desconhecida." } }, { status: 400 });
  }
  return voteAction(request, form, "/posts");
}

export default function Posts({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, hasMore, page } = loaderData;
  const user = useCurrentUser();
  const pageHref = (n: number) => (n > 1 ? `/posts?pagina=${n}` : "/posts");
  const refused = actionData?.vote;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">Posts</h1>
        <div className="flex gap-2">
          {user ? (
            <Link
              to="/my-posts"
              className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-4 text-sm font-semibold hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800"
            >
              Meus posts
            </Link>
          ) : null}
          <Link
            to="/create-post"
            className="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Novo post
          </Link>
        </div>
      </div>
      {refused?.error && !posts.some((p) => p.id === refused.postId) ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {refused.error}
        </p>
      ) : null}
      {posts.length === 0 ? (
        <p className="rounded-xl bg-white p-4 text-stone-600 shadow-sm dark:bg-stone-900 dark:text-stone-300">
          {page > 1 ? "Não há mais posts." : "Ninguém publicou nada ainda. Que tal começar a conversa?"}
        </p>
      ) : (
        <ul className="space-y-4" aria-label="Posts">
          {posts.map((post, i) => (
            <li key={post.id}>
              <PostCard
                post={post}
                preview
                priority={i === 0}
                voteAction="/posts"
                voteRedirect={`${pageHref(page)}#post-${post.id}`}
                voteError={refused?.postId === post.id ? refused.error : null}
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} hasMore={hasMore} href={pageHref} />
    </div>
  );
}
