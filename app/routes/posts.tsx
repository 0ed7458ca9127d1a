import { Link, useLocation, useRevalidator } from "react-router";
import { keysetPageHref, PagedList, pageRequestFromUrl } from "~/components/pagination";
import { PostCard } from "~/components/post-card";
import { useCurrentUser } from "~/components/user-context";
import { refusalOf } from "#core/refused";
import { Button, buttonClass } from "~/components/ui/button";
import { useNewPosts } from "~/components/live";
import { formatCount } from "#core/format";
import { PageHeader } from "~/components/ui/page-header";
import { listPosts } from "#server/models/posts";
import { postList } from "#server/cache/reads";
import { favoriteStateOf } from "#server/toolkit/favorite-state";
import { visitorAction } from "#server/toolkit/action";
import { getRequestContext } from "#server/toolkit/request-context";
import { voteAction } from "./+shared/vote.server";
import type { Route } from "./+types/posts";

export const meta: Route.MetaFunction = () => [
  { title: "Posts de Vila Serena · Guida" },
  { name: "description", content: "O que os moradores de Vila Serena estão conversando: avisos, pedidos, recomendações e enquetes." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const pageRequest = pageRequestFromUrl(new URL(request.url));
  const ctx = getRequestContext(context);
  // A visitor's list is a shared read, dropped only by a change to posts or profiles (issue #28:
  // it used to depend on everything, so any favorite in town re-rendered it); a resident's runs
  // with their claims and shows their votes.
  const user = await ctx.user();
  const list = user
    ? await ctx.db.asCaller((tx) => listPosts(tx, { ...pageRequest, viewerId: user.id }))
    : await ctx.db.asVisitor(postList, pageRequest);
  return { ...list, favoriteState: await favoriteStateOf(ctx, list.posts.map((post) => post.id)) };
}

/** POST /posts — intent=vote, postId, optionId (the public contract); see voteAction. */
export const action = visitorAction("/posts", ({ request }: Route.ActionArgs, sent) => voteAction(request, sent));

export default function Posts({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, hasMore, page } = loaderData;
  // The first post with a photo holds the page's largest paint: it loads first, not lazily.
  const leadImage = posts.findIndex((post) => post.imageUrl);
  const user = useCurrentUser();
  const pageHref = keysetPageHref("/posts", {}, page, posts);
  // A vote without JavaScript returns to this very address: a page's own cursor is the one its
  // link carried (pageHref(page) would be the page before it, ending before its first post).
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // Page 1 follows the feed live: posts newer than its top one announce themselves.
  const newPosts = useNewPosts(posts[0]?.id ?? null, page === 1);
  const revalidator = useRevalidator();
  const refused = actionData ? { postId: actionData.result.initialValue?.postId, error: refusalOf(actionData) } : undefined;
  return (
    <div className="space-y-4">
      <PageHeader title="Posts">
        <div className="flex gap-2">
          {user ? (
            <Link to="/my-posts" className={buttonClass("secondary", "sm")}>
              Meus posts
            </Link>
          ) : null}
          <Link to="/create-post" className={buttonClass("primary", "sm")}>
            Novo post
          </Link>
        </div>
      </PageHeader>
      {/* Always there (empty when nothing is new) so screen readers announce the button appearing. */}
      <div role="status" className="flex justify-center empty:hidden">
        {newPosts > 0 ? (
          <Button
            type="button"
            variant="primary"
            size="sm"
            disabled={revalidator.state !== "idle"}
            onClick={() => {
              void revalidator.revalidate();
              window.scrollTo({ top: 0 });
            }}
          >
            {newPosts === 1 ? "1 nova publicação" : `${formatCount(newPosts)} novas publicações`}
          </Button>
        ) : null}
      </div>
      {refused?.error && !posts.some((p) => p.id === refused.postId) ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {refused.error}
        </p>
      ) : null}
      <PagedList
        items={posts}
        label="Posts"
        className="space-y-4"
        empty="Ninguém publicou nada ainda. Que tal começar a conversa?"
        emptyLater="Não há mais posts."
        page={page}
        hasMore={hasMore}
        href={pageHref}
      >
        {(post, i) => (
          <li>
            <PostCard
              post={post}
              preview
              priority={i === leadImage}
              voteAction="/posts"
              voteRedirect={`${here}#post-${post.id}`}
              voteError={refused?.postId === post.id ? refused.error : null}
            />
          </li>
        )}
      </PagedList>
    </div>
  );
}
