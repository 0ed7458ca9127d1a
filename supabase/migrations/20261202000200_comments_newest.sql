-- Issue #30, live comments: the /events stream reads an item's newest comment each time the
-- item's thread changes (server/models/live.ts threadState). Replies hang under their parent
-- in comments_replies_idx, so no index led by the item held them: the read would scan every
-- comment of the town. This one is the item's comments, newest last, removed ones left out.
CREATE INDEX IF NOT EXISTS comments_item_recent_idx ON public.comments (item_id, created_at, id) WHERE deleted_at IS NULL;
