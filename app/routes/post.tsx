import { data, Link } from "react-router";
import { CommentsSection } from "~/components/comments";
import { PostCard } from "~/components/post-card";
import { refusalOf } from "#core/refused";
import { postPage } from "#server/cache/reads";
import { getPost } from "#server/models/posts";
import { visitorAction } from "#server/toolkit/action";
import { favoriteStateOf } from "#server/toolkit/favorite-state";
import { getRequestContext } from "#server/toolkit/request-context";
import { commentAction } from "./+shared/comments.server";
import { commentsFor, editableOf } from "./+shared/comments-loader.server";
import { voteAction } from "./+shared/vote.server";
import type { Route } from "./+types/post";
import { textLinkClass } from "~/components/ui/text-link";
import { shareMeta } from "~/lib/share-meta";
import { canonicalOrigin } from "#server/web/origin";
import type { MetaDescriptor } from "react-router";
import type { Post } from "#server/models/posts";

// A post's own page: where notifications ("X votou na sua enquete") and favorites lead, and
// its comments (issue #30). A visitor's reads come from the shared cache, dropped only by a
// change to this post or its thread; a resident's run with their claims.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = getRequestContext(context);
  const user = await ctx.user();
  const { post, comments } = user
    ? await ctx.db.asCaller(async (tx) => {
        const found = await getPost(tx, params.id, user.id);
        return { post: found, comments: found ? await commentsFor(ctx, request, found.id, tx) : null };
      })
    : await ctx.db.asVisitor(postPage, { id: params.id }).then(async (found) => ({
        post: found,
        comments: found ? await commentsFor(ctx, request, found.id) : null,
      }));
  if (!post || !comments) throw data(null, { status: 404 });
  return { post, comments, editable: editableOf(comments.comments, user?.id ?? null), favoriteState: await favoriteStateOf(ctx, [post.id]), head: headOf(post, canonicalOrigin()) };
}

/** What the page's head says to link previews and search engines (issue #31), made here on the server. */
function headOf(post: Post, origin: string | null) {
  const title = `Post de ${post.author.fullName} · Guida`;
  // A hidden post reaches only its author and the moderators: nothing in its head to share or index.
  if (post.moderationState !== "visible") return [{ title }, { name: "robots", content: "noindex" }];
  return shareMeta(
    {
      title,
      headline: post.poll ? `Enquete: ${post.poll.question}` : `Post de ${post.author.fullName}`,
      description: post.poll ? `${post.author.fullName} pergunta: ${post.poll.question}` : post.content,
      path: `/posts/${post.id}`,
      card: `/og/post/${post.id}`,
      cardAlt: `Post de ${post.author.fullName} no Guida`,
      type: "article",
    },
    origin,
  );
}

export const meta: Route.MetaFunction = ({ data: loaderData }) => (loaderData ? (loaderData.head as MetaDescriptor[]) : [{ title: "Post não encontrado · Guida" }]);

/** Votes and comments from this page land here, so a refusal is explained on the same page. */
export const action = visitorAction(
  ({ params }: Route.ActionArgs) => `/posts/${params.id}`,
  ({ request, params }, sent) =>
    sent.intent === "vote" ? voteAction(request, sent, { postId: params.id }) : commentAction(request, sent, { kind: "post", id: params.id }),
);

export default function PostPage({ loaderData, actionData }: Route.ComponentProps) {
  const { post, comments, editable } = loaderData;
  return (
    <div className="space-y-4">
      <h1 className="sr-only">Post de {post.author.fullName}</h1>
      <PostCard
        post={post}
        priority
        voteAction={`/posts/${post.id}`}
        voteRedirect={`/posts/${post.id}`}
        voteError={refusalOf(actionData, "vote")}
      />
      <CommentsSection kind="post" itemPath={`/posts/${post.id}`} count={post.commentCount} thread={comments} editable={editable} actionData={actionData} />
      <p>
        <Link to="/posts" className={textLinkClass()}>
          ← Todos os posts
        </Link>
      </p>
    </div>
  );
}
