import { data, Link } from "react-router";
import { PostCard } from "~/components/post-card";
import { readFormData, UNREADABLE_FORM } from "~/lib/form-data";
import { getPost } from "../../server/models/posts";
import { asRequestUser, getRequestSession } from "../../server/request";
import { voteAction } from "../../server/vote-action";
import type { Route } from "./+types/post";

// A post's own page: where notifications ("X votou na sua enquete") and favorites lead.
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await getRequestSession(request);
  const post = await asRequestUser(request, (tx) => getPost(tx, params.id, session.user?.id ?? null));
  if (!post) throw data(null, { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? [
        { title: `Post de ${loaderData.post.author.fullName} · Guida` },
        { name: "description", content: (loaderData.post.poll?.question ?? loaderData.post.content).slice(0, 155) },
      ]
    : [{ title: "Post não encontrado · Guida" }];

/** Votes from this page land here, so a refused vote is explained on the same page. */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await readFormData(request);
  if (!form) return data({ vote: { postId: params.id, error: UNREADABLE_FORM } }, { status: 400 });
  if (form.get("intent") !== "vote") {
    return data({ vote: { postId: params.id, error: "Ação desconhecida." } }, { status: 400 });
  }
  if (form.get("postId") !== params.id) {
    return data({ vote: { postId: params.id, error: "Enquete não encontrada." } }, { status: 404 });
  }
  return voteAction(request, form, `/posts/${params.id}`);
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
        voteError={actionData?.vote.error ?? null}
      />
      <p>
        <Link to="/posts" className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline dark:text-brand-100">
          ← Todos os posts
        </Link>
      </p>
    </div>
  );
}
