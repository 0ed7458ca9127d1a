-- The public counts of a page's polls, read per option through poll_votes_option_idx.
--
-- The view joined every option to its votes and grouped them. For a page of posts, PostgreSQL
-- may then choose a hash join over ALL of poll_votes (a sequential scan of a table that grows
-- with the town): it did on the 100× town for /posts?pagina=2 once the statistics said so.
-- A count per option, correlated on option_id, can only be answered by the index, whatever
-- the statistics, and costs one short index range per option of the page's polls.
-- Same columns, same types, same visibility rule as 20261128000300_redteam_findings.sql. The
-- count sits in a LATERAL subquery rather than the select list: a view over one table with no
-- GROUP BY would become automatically updatable, and these counts are read-only (the database
-- API matrix tries to write them).
CREATE OR REPLACE VIEW public.poll_option_results AS
  SELECT o.poll_id, o.id AS option_id, o.label, o.position, counted.votes
  FROM public.poll_options o
  CROSS JOIN LATERAL (SELECT count(*)::int AS votes FROM public.poll_votes v WHERE v.option_id = o.id) counted
  WHERE EXISTS (
    SELECT 1 FROM public.polls pl JOIN public.posts p ON p.id = pl.post_id
    WHERE pl.id = o.poll_id
      AND (p.moderation_state = 'visible' OR p.author_id = (SELECT auth.uid()) OR (SELECT public.is_moderator()))
  );
