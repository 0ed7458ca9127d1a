import { Link } from "react-router";
import { PagedList, pageFromUrl } from "~/components/pagination";
import { PostCard } from "~/components/post-card";
import { buttonClass } from "~/components/ui/button";
import { PageHeader } from "~/components/ui/page-header";
import { listMyPosts } from "#server/models/posts";
import { favoriteStateOf } from "#server/toolkit/favorite-state";
import { getRequestContext } from "#server/toolkit/request-context";
import type { Route } from "./+types/my-posts";

export const meta: Route.MetaFunction = () => [{ title: "Meus posts · Guida" }, { name: "robots", content: "noindex" }];

// Signed-in only: requireUser sends visitors to /login and back.
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const user = await ctx.requireUser();
  const page = pageFromUrl(new URL(request.url));
  const list = await ctx.db.asCaller((tx) => listMyPosts(tx, user.id, { page }));
  return { ...list, favoriteState: await favoriteStateOf(ctx, list.posts.map((post) => post.id)), page };
}

export default function MyPosts({ loaderData }: Route.ComponentProps) {
  const { posts, hasMore, page } = loaderData;
  const pageHref = (n: number) => (n > 1 ? `/my-posts?pagina=${n}` : "/my-posts");
  return (
    <div className="space-y-4">
      <PageHeader title="Meus posts">
        <Link to="/create-post" className={buttonClass("primary", "sm")}>
          Novo post
        </Link>
      </PageHeader>
      <PagedList
        items={posts}
        label="Meus posts"
        className="space-y-4"
        empty="Você ainda não publicou nenhum post. Conte uma novidade ou faça uma enquete para a vizinhança!"
        emptyLater="Não há mais posts."
        page={page}
        hasMore={hasMore}
        href={pageHref}
      >
        {(post) => (
          <li>
            {/* Votes go through the post's own page, which answers the same form. */}
            <PostCard post={post} preview voteAction={`/posts/${post.id}`} voteRedirect={`${pageHref(page)}#post-${post.id}`} />
          </li>
        )}
      </PagedList>
    </div>
  );
}
