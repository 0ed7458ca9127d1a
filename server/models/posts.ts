import { isUuid } from "#core/uuid";
import { tally } from "#core/polls";
import { samePoll, type PollInput, type PostInput } from "#core/post-form";
import type { Queryable } from "../db";
import { keysetPage, newestOrderPage, type PageRequest } from "./keyset";

export const POSTS_PAGE_SIZE = 10;

export type PostAuthor = { id: string; username: string; fullName: string; avatarUrl: string | null };
export type PollOptionResult = { id: string; label: string; votes: number; percent: number };
export type PostPoll = {
  id: string;
  question: string;
  totalVotes: number;
  options: PollOptionResult[];
  /** The option the viewer voted for; null for visitors and for who has not voted. */
  myVote: string | null;
};
export type Post = {
  id: string;
  content: string;
  imageUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
  author: PostAuthor;
  poll: PostPoll | null;
  /** "visible", or "hidden" by the moderation: then only its author and moderators read it (RLS). */
  moderationState: "visible" | "hidden";
  /** Visible comments, kept by a trigger (issue #30): no count per row. */
  commentCount: number;
};

/** A poll's options, frozen (by RLS as well) once anyone has voted. */
export type EditablePost = {
  id: string;
  authorId: string;
  content: string;
  imageUrl: string | null;
  poll: { id: string; question: string; options: { id: string; label: string }[]; hasVotes: boolean } | null;
};

/** Raised inside a transaction so that everything it wrote is rolled back. */
export class PollLockedError extends Error {
  constructor() {
    super("the poll already has votes");
  }
}

type PostRow = Omit<Post, "poll"> & { pollId: string | null; pollQuestion: string | null };

const POST_SELECT = `
  SELECT po.id, po.content, po.image_url AS "imageUrl", po.created_at AS "createdAt", po.updated_at AS "updatedAt",
         po.moderation_state AS "moderationState", po.comment_count AS "commentCount",
         json_build_object('id', p.id, 'username', p.username, 'fullName', p.full_name, 'avatarUrl', p.avatar_url) AS author,
         pl.id AS "pollId", pl.question AS "pollQuestion"
  FROM public.posts po
  JOIN public.profiles p ON p.id = po.author_id
  LEFT JOIN public.polls pl ON pl.post_id = po.id`;

/**
 * Fills in the polls of a page of posts with a fixed number of statements whatever the
 * page size: one for every poll's public counts, one for the viewer's own votes.
 */
async function withPolls(tx: Queryable, rows: PostRow[], viewerId: string | null): Promise<Post[]> {
  const pollIds = rows.flatMap((r) => (r.pollId ? [r.pollId] : []));
  const results = pollIds.length
    ? await tx.query<{ pollId: string; id: string; label: string; votes: number }>(
        `SELECT poll_id AS "pollId", option_id AS id, label, votes
         FROM public.poll_option_results
         WHERE poll_id = ANY($1::uuid[])
         ORDER BY poll_id, position`,
        [pollIds],
      )
    : [];
  // RLS shows a user only their own votes; the filter keeps the plan on the primary key.
  const mine =
    pollIds.length && viewerId
      ? await tx.query<{ pollId: string; optionId: string }>(
          `SELECT poll_id AS "pollId", option_id AS "optionId" FROM public.poll_votes
           WHERE user_id = $1 AND poll_id = ANY($2::uuid[])`,
          [viewerId, pollIds],
        )
      : [];
  const optionsByPoll = new Map<string, { id: string; label: string; votes: number }[]>();
  for (const { pollId, ...option } of results) {
    const list = optionsByPoll.get(pollId) ?? [];
    list.push(option);
    optionsByPoll.set(pollId, list);
  }
  const myVotes = new Map(mine.map((v) => [v.pollId, v.optionId]));
  return rows.map(({ pollId, pollQuestion, ...post }) => {
    if (!pollId) return { ...post, poll: null };
    const options = tally(optionsByPoll.get(pollId) ?? []);
    return {
      ...post,
      poll: {
        id: pollId,
        question: pollQuestion ?? "",
        totalVotes: options.reduce((sum, o) => sum + o.votes, 0),
        options,
        myVote: myVotes.get(pollId) ?? null,
      },
    };
  });
}

/** The feed: newest first, id breaking ties so paging never repeats or skips a post. Keyset pages (keyset.ts). */
export async function listPosts(
  tx: Queryable,
  options: PageRequest & { viewerId: string | null; authorId?: string },
): Promise<{ posts: Post[]; hasMore: boolean; page: number }> {
  const page = newestOrderPage("public.posts", "po", options, "$4", POSTS_PAGE_SIZE);
  const rows = await tx.query<PostRow>(
    `${POST_SELECT}
     WHERE ($3::uuid IS NULL OR po.author_id = $3::uuid) AND ${page.where}
     ORDER BY ${page.orderBy}
     LIMIT $1 OFFSET $2`,
    [POSTS_PAGE_SIZE + 1, page.offset, options.authorId ?? null, page.cursor],
  );
  const { rows: shown, ...rest } = keysetPage(rows, options, POSTS_PAGE_SIZE);
  return { posts: await withPolls(tx, shown, options.viewerId), ...rest };
}

/** /my-posts: the same cards, only the user's own. */
export function listMyPosts(tx: Queryable, userId: string, options: { page: number }) {
  return listPosts(tx, { page: options.page, viewerId: userId, authorId: userId });
}

export async function getPost(tx: Queryable, id: string, viewerId: string | null): Promise<Post | null> {
  if (!isUuid(id)) return null;
  const rows = await tx.query<PostRow>(`${POST_SELECT} WHERE po.id = $1`, [id]);
  const [post] = await withPolls(tx, rows, viewerId);
  return post ?? null;
}

export async function getEditablePost(tx: Queryable, id: string): Promise<EditablePost | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.query<EditablePost>(
    `SELECT po.id, po.author_id AS "authorId", po.content, po.image_url AS "imageUrl",
            CASE WHEN pl.id IS NULL THEN NULL ELSE json_build_object(
              'id', pl.id,
              'question', pl.question,
              'options', coalesce((SELECT json_agg(json_build_object('id', o.id, 'label', o.label) ORDER BY o.position)
                                   FROM public.poll_options o WHERE o.poll_id = pl.id), '[]'::json),
              'hasVotes', public.poll_has_votes(pl.id)) END AS poll
     FROM public.posts po
     LEFT JOIN public.polls pl ON pl.post_id = po.id
     WHERE po.id = $1`,
    [id],
  );
  return row ?? null;
}

export function pollInputOf(post: EditablePost): PollInput | null {
  return post.poll ? { question: post.poll.question, options: post.poll.options.map((o) => o.label) } : null;
}

async function insertPoll(tx: Queryable, postId: string, poll: PollInput): Promise<void> {
  const [created] = await tx.query<{ id: string }>(
    `INSERT INTO public.polls (post_id, question) VALUES ($1, $2) RETURNING id`,
    [postId, poll.question],
  );
  await insertOptions(tx, created!.id, poll.options);
}

async function insertOptions(tx: Queryable, pollId: string, options: string[]): Promise<void> {
  try {
    await tx.query(
      `INSERT INTO public.poll_options (poll_id, label, position)
       SELECT $1, t.label, (t.ord - 1)::int FROM unnest($2::text[]) WITH ORDINALITY AS t (label, ord)`,
      [pollId, options],
    );
  } catch (error) {
    // 42501: RLS refused the options: a vote arrived since the poll was read.
    if ((error as { code?: string }).code === "42501") throw new PollLockedError();
    throw error;
  }
}

/**
 * The post, its poll and the poll's options in the caller's one transaction (withUser):
 * a failure anywhere leaves nothing behind. RLS makes the author the caller.
 */
export async function createPost(
  tx: Queryable,
  authorId: string,
  input: PostInput & { imageUrl: string | null },
): Promise<string> {
  const [post] = await tx.query<{ id: string }>(
    `INSERT INTO public.posts (author_id, content, image_url) VALUES ($1, $2, $3) RETURNING id`,
    [authorId, input.content, input.imageUrl],
  );
  if (input.poll) await insertPoll(tx, post!.id, input.poll);
  return post!.id;
}

export type UpdatePostResult =
  | { status: "not_found" }
  | { status: "forbidden" }
  | { status: "poll_locked" }
  | { status: "updated"; replacedImage: string | null };

/**
 * Text and image always; the poll only while nobody has voted. `image`: a new reference,
 * null to remove the current one, undefined to keep it. The owner check gives the route
 * a clear answer; RLS refuses the same writes underneath (0 rows, or 42501), and a vote
 * racing this edit rolls the whole transaction back through PollLockedError.
 */
export async function updatePost(
  tx: Queryable,
  userId: string,
  postId: string,
  input: PostInput & { image: string | null | undefined },
): Promise<UpdatePostResult> {
  const current = await getEditablePost(tx, postId);
  if (!current) return { status: "not_found" };
  if (current.authorId !== userId) return { status: "forbidden" };
  const pollChanges = !samePoll(pollInputOf(current), input.poll);
  if (pollChanges && current.poll?.hasVotes) return { status: "poll_locked" };

  const replaceImage = input.image !== undefined;
  const updated = await tx.query(
    `UPDATE public.posts SET content = $2, image_url = CASE WHEN $3::boolean THEN $4 ELSE image_url END
     WHERE id = $1 RETURNING id`,
    [postId, input.content, replaceImage, input.image ?? null],
  );
  if (updated.length === 0) return { status: "forbidden" };

  if (pollChanges) {
    if (current.poll && !input.poll) {
      const removed = await tx.query(`DELETE FROM public.polls WHERE id = $1 RETURNING id`, [current.poll.id]);
      if (removed.length === 0) throw new PollLockedError();
    } else if (!current.poll && input.poll) {
      await insertPoll(tx, postId, input.poll);
    } else if (current.poll && input.poll) {
      const renamed = await tx.query(`UPDATE public.polls SET question = $2 WHERE id = $1 RETURNING id`, [
        current.poll.id,
        input.poll.question,
      ]);
      const removed = await tx.query(`DELETE FROM public.poll_options WHERE poll_id = $1 RETURNING id`, [current.poll.id]);
      if (renamed.length === 0 || removed.length !== current.poll.options.length) throw new PollLockedError();
      await insertOptions(tx, current.poll.id, input.poll.options);
    }
  }
  return { status: "updated", replacedImage: replaceImage ? current.imageUrl : null };
}

export type DeletePostResult = { status: "not_found" } | { status: "forbidden" } | { status: "deleted"; imageUrl: string | null };

/** The poll, options and votes go with the post (foreign-key cascades). */
export async function deletePost(tx: Queryable, userId: string, postId: string): Promise<DeletePostResult> {
  if (!isUuid(postId)) return { status: "not_found" };
  const [row] = await tx.query<{ authorId: string }>(`SELECT author_id AS "authorId" FROM public.posts WHERE id = $1`, [postId]);
  if (!row) return { status: "not_found" };
  if (row.authorId !== userId) return { status: "forbidden" };
  const [deleted] = await tx.query<{ imageUrl: string | null }>(
    `DELETE FROM public.posts WHERE id = $1 RETURNING image_url AS "imageUrl"`,
    [postId],
  );
  if (!deleted) return { status: "forbidden" };
  return { status: "deleted", imageUrl: deleted.imageUrl };
}

export type VoteResult = "voted" | "changed" | "unchanged" | "no_poll" | "invalid_option";

/**
 * One vote per user per poll (the table's primary key). Decision: voting again changes
 * the vote rather than being refused — people change their minds, and counts stay
 * consistent because the row moves from one option to the other (an UPDATE through ON
 * CONFLICT, which also means the author is notified only of the first vote: the
 * notification trigger fires on INSERT only).
 */
export async function vote(tx: Queryable, userId: string, postId: string, optionId: string): Promise<VoteResult> {
  if (!isUuid(postId)) return "no_poll";
  const [poll] = await tx.query<{ pollId: string; valid: boolean; previous: string | null }>(
    `SELECT pl.id AS "pollId",
            EXISTS (SELECT 1 FROM public.poll_options o WHERE o.poll_id = pl.id AND o.id::text = $2) AS valid,
            (SELECT v.option_id FROM public.poll_votes v WHERE v.poll_id = pl.id AND v.user_id = $3) AS previous
     FROM public.polls pl WHERE pl.post_id = $1`,
    // Anything but a UUID matches no option, and must not reach the query as text
    // PostgreSQL cannot take (a NUL byte fails the whole statement).
    [postId, isUuid(optionId) ? optionId : null, userId],
  );
  if (!poll) return "no_poll";
  if (!poll.valid || !isUuid(optionId)) return "invalid_option";
  if (poll.previous === optionId) return "unchanged";
  await tx.query(
    `INSERT INTO public.poll_votes (poll_id, user_id, option_id) VALUES ($1, $2, $3)
     ON CONFLICT (poll_id, user_id) DO UPDATE SET option_id = EXCLUDED.option_id`,
    [poll.pollId, userId, optionId],
  );
  return poll.previous ? "changed" : "voted";
}
