-- A poll is frozen once anyone has voted: changing its question or options would change
-- what people voted for.
--
-- The first schema tried this with `NOT EXISTS (SELECT 1 FROM poll_votes ...)` inside the
-- poll_options policy, but a policy's subquery runs under the caller's own row level
-- security, and poll_votes rows are visible only to their voter: the author saw only their
-- own vote, so other people's votes froze nothing. Its FOR ALL policy also let INSERT add
-- options after the voting had started. poll_has_votes() runs as its owner and so sees
-- every vote; it reveals only a yes/no that the public counts (poll_option_results) already
-- show.
CREATE OR REPLACE FUNCTION public.poll_has_votes(target uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (SELECT 1 FROM public.poll_votes v WHERE v.poll_id = target)
$$;
REVOKE ALL ON FUNCTION public.poll_has_votes(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION public.poll_has_votes(uuid) TO anon, authenticated, service_role;

-- Posts and polls are readable by everyone, so these ownership subqueries see what they need.
DROP POLICY IF EXISTS polls_write_own ON public.polls;
CREATE POLICY polls_insert_own ON public.polls FOR INSERT TO authenticated
  WITH CHECK (EXISTS (SELECT 1 FROM public.posts p WHERE p.id = post_id AND p.author_id = auth.uid()));
CREATE POLICY polls_update_own ON public.polls FOR UPDATE TO authenticated
  USING (EXISTS (SELECT 1 FROM public.posts p WHERE p.id = post_id AND p.author_id = auth.uid())
         AND NOT public.poll_has_votes(id))
  WITH CHECK (EXISTS (SELECT 1 FROM public.posts p WHERE p.id = post_id AND p.author_id = auth.uid()));
-- Deleting the whole post still removes its poll: foreign-key cascades do not go through RLS.
CREATE POLICY polls_delete_own ON public.polls FOR DELETE TO authenticated
  USING (EXISTS (SELECT 1 FROM public.posts p WHERE p.id = post_id AND p.author_id = auth.uid())
         AND NOT public.poll_has_votes(id));

DROP POLICY IF EXISTS poll_options_write_own ON public.poll_options;
CREATE POLICY poll_options_insert_own ON public.poll_options FOR INSERT TO authenticated
  WITH CHECK (
    EXISTS (SELECT 1 FROM public.polls pl JOIN public.posts p ON p.id = pl.post_id
            WHERE pl.id = poll_id AND p.author_id = auth.uid())
    AND NOT public.poll_has_votes(poll_id));
CREATE POLICY poll_options_update_own ON public.poll_options FOR UPDATE TO authenticated
  USING (
    EXISTS (SELECT 1 FROM public.polls pl JOIN public.posts p ON p.id = pl.post_id
            WHERE pl.id = poll_id AND p.author_id = auth.uid())
    AND NOT public.poll_has_votes(poll_id))
  WITH CHECK (
    EXISTS (SELECT 1 FROM public.polls pl JOIN public.posts p ON p.id = pl.post_id
            WHERE pl.id = poll_id AND p.author_id = auth.uid())
    AND NOT public.poll_has_votes(poll_id));
CREATE POLICY poll_options_delete_own ON public.poll_options FOR DELETE TO authenticated
  USING (
    EXISTS (SELECT 1 FROM public.polls pl JOIN public.posts p ON p.id = pl.post_id
            WHERE pl.id = poll_id AND p.author_id = auth.uid())
    AND NOT public.poll_has_votes(poll_id));
