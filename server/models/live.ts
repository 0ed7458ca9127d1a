import type { Queryable } from "../db";

/**
 * What the live stream (/events) sends, each read with the viewer's own claims so Row
 * Level Security decides what they may see, exactly as on their pages.
 */

/** The bell's number: the resident's unread notifications (RLS: only their own rows). */
export async function unreadCount(tx: Queryable, userId: string): Promise<number> {
  const [row] = await tx.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM public.notifications WHERE user_id = $1 AND read_at IS NULL`,
    [userId],
  );
  return row?.count ?? 0;
}

export type LivePollResult = {
  pollId: string;
  options: { id: string; votes: number }[];
};

/**
 * The public counts of the polls a page shows. Joined through their posts: a post the
 * viewer may not read (RLS) takes its poll's counts out of the answer, though the counts
 * view itself is readable by everyone.
 */
export async function pollCounts(tx: Queryable, pollIds: readonly string[]): Promise<LivePollResult[]> {
  if (pollIds.length === 0) return [];
  const rows = await tx.query<{ pollId: string; id: string; votes: number }>(
    `SELECT r.poll_id AS "pollId", r.option_id AS id, r.votes
     FROM public.poll_option_results r
     JOIN public.polls pl ON pl.id = r.poll_id
     JOIN public.posts po ON po.id = pl.post_id
     WHERE r.poll_id = ANY($1::uuid[])
     ORDER BY r.poll_id, r.position`,
    [pollIds],
  );
  const byPoll = new Map<string, LivePollResult>();
  for (const { pollId, id, votes } of rows) {
    const poll = byPoll.get(pollId) ?? { pollId, options: [] };
    poll.options.push({ id, votes });
    byPoll.set(pollId, poll);
  }
  return [...byPoll.values()];
}

/**
 * Posts newer than the one at the top of the feed the viewer loaded (null: the feed was
 * empty, so every post is new). Same order as the feed: created_at, then id.
 */
export async function newPostsCount(tx: Queryable, newestSeen: string | null): Promise<number> {
  const [row] = newestSeen
    ? await tx.query<{ count: number }>(
        `SELECT count(*)::int AS count
         FROM public.posts p, (SELECT created_at, id FROM public.posts WHERE id = $1) seen
         WHERE (p.created_at, p.id) > (seen.created_at, seen.id)`,
        [newestSeen],
      )
    : await tx.query<{ count: number }>(`SELECT count(*)::int AS count FROM public.posts`);
  return row?.count ?? 0;
}

export type LiveThreadState = { count: number; newest: string | null };

/**
 * An item's comment counter (trigger-kept: visible, not removed) and its newest comment the
 * viewer may read (RLS: a hidden one only for its author and moderators). No row when the
 * viewer may not read the item. Reads the newest by comments_item_recent_idx, one row.
 */
export async function threadState(tx: Queryable, thread: { kind: "post" | "news"; id: string }): Promise<LiveThreadState> {
  const [row] = await tx.query<LiveThreadState>(
    `SELECT i.comment_count AS count,
            (SELECT c.id FROM public.comments c WHERE c.item_id = i.id AND c.deleted_at IS NULL
             ORDER BY c.created_at DESC, c.id DESC LIMIT 1) AS newest
     FROM public.${thread.kind === "post" ? "posts" : "news"} i WHERE i.id = $1`,
    [thread.id],
  );
  return row ?? { count: 0, newest: null };
}
