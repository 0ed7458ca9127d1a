-- Issue #25, the red team's findings on what the database API lets through.
--
-- 1. A hidden post's poll was readable by anyone: polls and poll_options were readable
--    USING (true), and poll_option_results (a view with its owner's rights, so no RLS at all)
--    listed every option's label and count. A poll and its options now follow their post's
--    visibility: the EXISTS below reads public.posts under the caller's own policies (visible,
--    the author's own, or a moderator's), and the view says the same in its WHERE.
DROP POLICY IF EXISTS polls_read ON public.polls;
CREATE POLICY polls_read ON public.polls FOR SELECT
  USING (EXISTS (SELECT 1 FROM public.posts p WHERE p.id = post_id));

DROP POLICY IF EXISTS poll_options_read ON public.poll_options;
CREATE POLICY poll_options_read ON public.poll_options FOR SELECT
  USING (EXISTS (SELECT 1 FROM public.polls pl WHERE pl.id = poll_id));

-- Counts stay public and voters private (the owner's rights read every vote); only the
-- polls whose post the caller may read are listed, as the posts' own policies decide.
CREATE OR REPLACE VIEW public.poll_option_results AS
  SELECT o.poll_id, o.id AS option_id, o.label, o.position, count(v.user_id)::int AS votes
  FROM public.poll_options o
  LEFT JOIN public.poll_votes v ON v.option_id = o.id
  WHERE EXISTS (
    SELECT 1 FROM public.polls pl JOIN public.posts p ON p.id = pl.post_id
    WHERE pl.id = o.poll_id
      AND (p.moderation_state = 'visible' OR p.author_id = (SELECT auth.uid()) OR (SELECT public.is_moderator()))
  )
  GROUP BY o.poll_id, o.id, o.label, o.position;

-- 2. A blocked resident publishes nothing (issue #18's restrictive policies) — on these two
--    tables too: a profile's name, username, bio and picture are shown to everyone, and a
--    favorite notifies the item's owner with the resident's name. WITH CHECK, so the write is
--    refused with 42501 (the app's 403 "Sua conta está bloqueada…") instead of matching no row.
--    Left writable while blocked, on purpose: profile_private (their own phone and birth
--    date, shown to nobody), notifications (marking their own as read) and every DELETE of
--    their own rows (taking something down publishes nothing).
DROP POLICY IF EXISTS profiles_not_blocked_update ON public.profiles;
CREATE POLICY profiles_not_blocked_update ON public.profiles AS RESTRICTIVE FOR UPDATE TO authenticated
  USING (true) WITH CHECK (NOT (SELECT public.is_blocked()));

DROP POLICY IF EXISTS user_favorites_not_blocked_insert ON public.user_favorites;
CREATE POLICY user_favorites_not_blocked_insert ON public.user_favorites AS RESTRICTIVE FOR INSERT TO authenticated
  WITH CHECK (NOT (SELECT public.is_blocked()));
