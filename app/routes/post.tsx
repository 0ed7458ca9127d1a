import { data, Link } from "react-router";
import { PostCard } from "~/components/post-card";
import { refusalOf } from "#core/refused";
import { getPost } from "#server/models/posts";
import { favoriteStateOf } from "#server/toolkit/favorite-state";
import { getRequestContext } from "#server/toolkit/request-context";
import { voteAction } from "./+shared/vote.server";
import type { Route } from "./+types/post";
import { textLinkClass } from "~/components/ui/text-link";

// A post's own page: where notifications ("X votou na sua enquete") and favorites lead.
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const post = await ctx.db.asCaller((tx, user) => getPost(tx, params.id, user?.id ?? null));
  if (!post) throw data(null, { status: 404 });
  return { post, favoriteState: await favoriteStateOf(ctx, [post.id]) };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? [
        { title: `Post de ${loaderData.post.author.fullName} · Guida` },
        { name: "description", content: (loaderData.post.poll?.question ?? loaderData.post.content).slice(0, 155) },
      ]
    : [{ title: "Post não encontrado · Guida" }];

/** Votes from this page land here, so a refused vote is explained on the same page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return voteAction(request, getRequestContext(context), { fallback: `/posts/${params.id}`, postId: params.id });
}

export default function PostPage({ loaderData, actionData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <div className="space-y-4">
      <h1 className="sr-only">Post de {post.author.fullName}</h1>
      <PostCard
        post={post}
        priority
        voteAction={`/posts/${post.id}`}
        voteRedirect={`/posts/${post.id}`}
        voteError={refusalOf(actionData)}
      />
      <p>
        <Link to="/posts" className={textLinkClass()}>
          ← Todos os posts
        </Link>
      </p>
    </div>
  );
}
