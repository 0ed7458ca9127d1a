-- /favorites of a resident with thousands (issue #17): what hides a favorite is kept on the
-- favorite, so the list reads its page from an index and asks nothing per row.
--
-- A favorite of hidden content leaves the list of everyone but its author and the
-- moderators (20261125000300_moderation.sql). The restrictive policy asked
-- `item_is_visible(item_type, item_id)` of every row: a SQL function that cannot be inlined
-- (its body has sub-selects), so each row started its own executor over the item's table
-- and that table's policies. At 100× that was 0.2-0.7 ms a row on PGlite: 21 rows made
-- /favorites 2.5× slower than in the demo town, and a kind filter (`?tipo=business`) sorted
-- all 1,980 of the heavy resident's favorites after asking each one (100 ms).
--
-- `item_hidden` says whether the item is hidden now. Triggers keep it: when a favorite is
-- added (from the item's row) and when an item's moderation_state changes (on each of its
-- favorites, through user_favorites_item_idx). The policy asks item_is_visible only of
-- favorites whose item is hidden — few by nature — so its answer for those (the author and
-- the moderators still see them) is unchanged, and a favorite of a visible item costs a
-- column test. Residents cannot write the column: their INSERT grant names three other
-- columns, they have no UPDATE policy, and the trigger sets it on every insert anyway.
-- Idempotent: it may be applied again over itself.

ALTER TABLE public.user_favorites ADD COLUMN IF NOT EXISTS item_hidden boolean NOT NULL DEFAULT false;

-- Whether an item exists and is hidden, whoever asks: the triggers below run it for callers
-- who may not read the hidden row (a visitor's favorite of an item hidden later). Internal.
CREATE OR REPLACE FUNCTION public.item_is_hidden(kind text, item uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT CASE kind
    WHEN 'post' THEN EXISTS (SELECT 1 FROM public.posts x WHERE x.id = item AND x.moderation_state <> 'visible')
    WHEN 'sell_item' THEN EXISTS (SELECT 1 FROM public.sell_items x WHERE x.id = item AND x.moderation_state <> 'visible')
    WHEN 'news' THEN EXISTS (SELECT 1 FROM public.news x WHERE x.id = item AND x.moderation_state <> 'visible')
    WHEN 'business' THEN EXISTS (SELECT 1 FROM public.businesses x WHERE x.id = item AND x.moderation_state <> 'visible')
    WHEN 'service' THEN EXISTS (SELECT 1 FROM public.services x WHERE x.id = item AND x.moderation_state <> 'visible')
    WHEN 'driver' THEN EXISTS (SELECT 1 FROM public.drivers x WHERE x.id = item AND x.moderation_state <> 'visible')
    ELSE false
  END
$$;
REVOKE ALL ON FUNCTION public.item_is_hidden(text, uuid) FROM PUBLIC, anon, authenticated;

-- A new favorite starts with its item's state (an author may favorite their own hidden item).
CREATE OR REPLACE FUNCTION public.mark_favorite_hidden() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  NEW.item_hidden := public.item_is_hidden(NEW.item_type, NEW.item_id);
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.mark_favorite_hidden() FROM PUBLIC, anon, authenticated;

DROP TRIGGER IF EXISTS user_favorites_mark_hidden ON public.user_favorites;
CREATE TRIGGER user_favorites_mark_hidden BEFORE INSERT ON public.user_favorites
  FOR EACH ROW EXECUTE FUNCTION public.mark_favorite_hidden();

-- An item hidden or shown again takes its favorites along, in the same transaction. Each
-- favorite changed announces itself (announce_change on user_favorites), so a resident's
-- open /favorites follows.
CREATE OR REPLACE FUNCTION public.follow_item_moderation() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  UPDATE public.user_favorites
  SET item_hidden = (NEW.moderation_state <> 'visible')
  WHERE item_id = NEW.id AND item_type = TG_ARGV[0] AND item_hidden <> (NEW.moderation_state <> 'visible');
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION public.follow_item_moderation() FROM PUBLIC, anon, authenticated;

DO $$
DECLARE
  listing record;
BEGIN
  FOR listing IN SELECT * FROM (VALUES ('posts', 'post'), ('sell_items', 'sell_item'), ('news', 'news'),
                                       ('businesses', 'business'), ('services', 'service'), ('drivers', 'driver')) AS l (tab, kind)
  LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS %I ON public.%I', listing.tab || '_favorites_follow_moderation', listing.tab);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE OF moderation_state ON public.%I FOR EACH ROW
       WHEN (OLD.moderation_state IS DISTINCT FROM NEW.moderation_state) EXECUTE FUNCTION public.follow_item_moderation(%L)',
      listing.tab || '_favorites_follow_moderation', listing.tab, listing.kind);
  END LOOP;
END $$;

-- The favorites saved before this migration: their items' state now.
UPDATE public.user_favorites f
SET item_hidden = public.item_is_hidden(f.item_type, f.item_id)
WHERE f.item_hidden <> public.item_is_hidden(f.item_type, f.item_id);

-- Asked only of favorites whose item is hidden: the rest are visible to everyone.
DROP POLICY IF EXISTS user_favorites_item_visible ON public.user_favorites;
CREATE POLICY user_favorites_item_visible ON public.user_favorites AS RESTRICTIVE FOR SELECT TO authenticated
  USING (NOT item_hidden OR public.item_is_visible(item_type, item_id));

-- The caller's id once per statement, not once per row (Supabase's advice for auth.uid()).
DROP POLICY IF EXISTS user_favorites_read_own ON public.user_favorites;
CREATE POLICY user_favorites_read_own ON public.user_favorites FOR SELECT TO authenticated
  USING (user_id = (SELECT auth.uid()));

-- /favorites?tipo=… pages one kind newest first from its own range; without it the kind's
-- favorites were picked out of all of the resident's and sorted. The (user_id, created_at)
-- index of the first schema is covered by user_favorites_user_newest_order_idx.
CREATE INDEX IF NOT EXISTS user_favorites_user_kind_newest_idx ON public.user_favorites (user_id, item_type, created_at DESC, item_id DESC);
DROP INDEX IF EXISTS public.user_favorites_newest_idx;

ANALYZE public.user_favorites;
