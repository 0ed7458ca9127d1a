-- Issue #13, finding 3: the database allowed more than the app. On Supabase, PostgREST
-- exposes every table of `public` to every token, so these grants and policies — not the
-- routes — are what a signed-in resident can really do. They now say exactly what the
-- routes do:
--   * residents create no businesses, services or drivers (only the seed does, as owner);
--     a business owner changes only its pictures (/update-business-images);
--   * ids, timestamps, sale dates, read times and everything a favorite copies from its
--     item are filled by the database, never accepted from the caller (column grants,
--     defaults, triggers);
--   * writes no route makes (editing news or poll options, deleting votes, profiles,
--     notifications) have neither a policy nor a grant.
-- Grants are written out table by table, revoking first: old Supabase projects grant
-- everything to anon/authenticated by default, new ones nothing, plain PostgreSQL nothing;
-- after this file all three hold exactly these. Idempotent: it can run again unchanged.
-- tests/integration/database-api-matrix.test.ts checks every table, verb and column.

-- ---------------------------------------------------------------- favorites copy their item
-- What a favorite shows, read from the item itself — the same columns, per type, that the
-- app used to send along. SECURITY INVOKER: every item is public, so the caller can read
-- what it favorites (and could not favorite what it cannot see).
CREATE OR REPLACE FUNCTION public.favorite_source(kind text, item uuid)
RETURNS TABLE (
  title text, description text, price numeric, image text, seller text, date timestamptz, location text,
  author text, content text, author_avatar text, avatar_url text, cover_image text, has_poll boolean,
  poll_question text, poll_options text[]
)
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT b.name, b.description, NULL::numeric, b.logo_url, NULL::text, b.created_at, b.neighbourhood, NULL::text,
         NULL::text, NULL::text, NULL::text, b.cover_url, false, NULL::text, NULL::text[]
  FROM public.businesses b WHERE kind = 'business' AND b.id = item
  UNION ALL
  SELECT s.name, s.description, NULL::numeric, s.image_url, NULL::text, s.created_at, s.neighbourhood, NULL::text,
         s.price_info, NULL::text, NULL::text, NULL::text, false, NULL::text, NULL::text[]
  FROM public.services s WHERE kind = 'service' AND s.id = item
  UNION ALL
  SELECT d.name, d.vehicle_description, NULL::numeric, d.photo_url, NULL::text, d.created_at, public.search_join(d.areas),
         NULL::text, d.bio, NULL::text, d.photo_url, NULL::text, false, NULL::text, NULL::text[]
  FROM public.drivers d WHERE kind = 'driver' AND d.id = item
  UNION ALL
  SELECT i.title, i.description, i.price, i.images[1], p.full_name, i.created_at, i.location, NULL::text, NULL::text,
         NULL::text, p.avatar_url, NULL::text, false, NULL::text, NULL::text[]
  FROM public.sell_items i JOIN public.profiles p ON p.id = i.seller_id WHERE kind = 'sell_item' AND i.id = item
  UNION ALL
  SELECT NULL::text, NULL::text, NULL::numeric, po.image_url, NULL::text, po.created_at, NULL::text, p.full_name,
         po.content, p.avatar_url, NULL::text, NULL::text, pl.id IS NOT NULL, pl.question,
         (SELECT array_agg(o.label ORDER BY o.position) FROM public.poll_options o WHERE o.poll_id = pl.id)
  FROM public.posts po JOIN public.profiles p ON p.id = po.author_id
  LEFT JOIN public.polls pl ON pl.post_id = po.id
  WHERE kind = 'post' AND po.id = item
  UNION ALL
  SELECT n.title, n.summary, NULL::numeric, n.cover_image, NULL::text, n.created_at, NULL::text, p.full_name, NULL::text,
         p.avatar_url, NULL::text, n.cover_image, false, NULL::text, NULL::text[]
  FROM public.news n JOIN public.profiles p ON p.id = n.author_id WHERE kind = 'news' AND n.id = item
$$;
REVOKE ALL ON FUNCTION public.favorite_source(text, uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.favorite_source(text, uuid) TO authenticated, service_role;

-- Whatever the insert says, the copy is the item's: a favorite's title is what
-- notify_favorite shows the item's owner, so it must never come from the caller.
CREATE OR REPLACE FUNCTION public.copy_favorite_item() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  source record;
BEGIN
  SELECT * INTO source FROM public.favorite_source(NEW.item_type, NEW.item_id);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no % with id %', NEW.item_type, NEW.item_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  NEW.title := source.title;
  NEW.description := source.description;
  NEW.price := source.price;
  NEW.image := source.image;
  NEW.seller := source.seller;
  NEW.date := source.date;
  NEW.location := source.location;
  NEW.author := source.author;
  NEW.content := source.content;
  NEW.author_avatar := source.author_avatar;
  NEW.avatar_url := source.avatar_url;
  NEW.cover_image := source.cover_image;
  NEW.has_poll := source.has_poll;
  NEW.poll_question := source.poll_question;
  NEW.poll_options := source.poll_options;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.copy_favorite_item() FROM PUBLIC, anon, authenticated;

DROP TRIGGER IF EXISTS user_favorites_copy_item ON public.user_favorites;
CREATE TRIGGER user_favorites_copy_item BEFORE INSERT ON public.user_favorites
  FOR EACH ROW EXECUTE FUNCTION public.copy_favorite_item();

-- ---------------------------------------------------------------- times the database keeps
-- An ad's sale date is the moment it was marked sold (kept while it stays sold), cleared
-- when it is available again: residents change only the status.
CREATE OR REPLACE FUNCTION public.stamp_sold_at() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF NEW.status = 'sold' THEN
    NEW.sold_at := coalesce(NEW.sold_at, now());
  ELSE
    NEW.sold_at := NULL;
  END IF;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.stamp_sold_at() FROM PUBLIC, anon, authenticated;

DROP TRIGGER IF EXISTS sell_items_stamp_sold_at ON public.sell_items;
CREATE TRIGGER sell_items_stamp_sold_at BEFORE INSERT OR UPDATE ON public.sell_items
  FOR EACH ROW EXECUTE FUNCTION public.stamp_sold_at();

-- A notification is read once, at the database's time: the caller says only "read".
CREATE OR REPLACE FUNCTION public.stamp_read_at() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  NEW.read_at := CASE WHEN OLD.read_at IS NOT NULL THEN OLD.read_at WHEN NEW.read_at IS NOT NULL THEN now() END;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.stamp_read_at() FROM PUBLIC, anon, authenticated;

DROP TRIGGER IF EXISTS notifications_stamp_read_at ON public.notifications;
CREATE TRIGGER notifications_stamp_read_at BEFORE UPDATE ON public.notifications
  FOR EACH ROW EXECUTE FUNCTION public.stamp_read_at();

-- ---------------------------------------------------------------- policies
-- The catalogue (businesses, services, drivers) comes from the seed: no resident inserts
-- or deletes it; a business owner may update the row (the columns are limited below).
DROP POLICY IF EXISTS businesses_insert_own ON public.businesses;
DROP POLICY IF EXISTS businesses_delete_own ON public.businesses;
DROP POLICY IF EXISTS services_write_own ON public.services;
DROP POLICY IF EXISTS drivers_write_own ON public.drivers;

-- The gallery: the owner adds and removes pictures; nothing edits one in place.
DROP POLICY IF EXISTS business_images_write_own ON public.business_images;
DROP POLICY IF EXISTS business_images_insert_own ON public.business_images;
DROP POLICY IF EXISTS business_images_delete_own ON public.business_images;
CREATE POLICY business_images_insert_own ON public.business_images FOR INSERT TO authenticated
  WITH CHECK (EXISTS (SELECT 1 FROM public.businesses b WHERE b.id = business_id AND b.owner_id = auth.uid()));
CREATE POLICY business_images_delete_own ON public.business_images FOR DELETE TO authenticated
  USING (EXISTS (SELECT 1 FROM public.businesses b WHERE b.id = business_id AND b.owner_id = auth.uid()));

-- News is published and deleted, never edited; a poll's options are replaced, never edited;
-- a vote is changed, never withdrawn.
DROP POLICY IF EXISTS news_update_own ON public.news;
DROP POLICY IF EXISTS poll_options_update_own ON public.poll_options;
DROP POLICY IF EXISTS poll_votes_delete_own ON public.poll_votes;

-- ---------------------------------------------------------------- grants
-- Every relation of `public` the app defines, from a clean slate (revoking a table
-- privilege also revokes it from each column).
REVOKE ALL ON public.profiles, public.profile_private, public.businesses, public.business_images, public.services,
  public.drivers, public.sell_items, public.posts, public.polls, public.poll_options, public.poll_votes,
  public.poll_option_results, public.news, public.notifications, public.user_favorites
  FROM anon, authenticated;

-- Public listings: everyone reads.
GRANT SELECT ON public.profiles, public.businesses, public.business_images, public.services, public.drivers,
  public.sell_items, public.posts, public.polls, public.poll_options, public.poll_option_results, public.news
  TO anon, authenticated;
-- Private rows: signed-in residents only, and RLS shows each one their own.
GRANT SELECT ON public.profile_private, public.poll_votes, public.notifications, public.user_favorites TO authenticated;

-- What each route writes, column by column.
GRANT UPDATE (full_name, username, bio, avatar_url) ON public.profiles TO authenticated;   -- /edit-profile
GRANT UPDATE (phone, birth_date) ON public.profile_private TO authenticated;                -- /edit-profile
GRANT UPDATE (logo_url, cover_url) ON public.businesses TO authenticated;                   -- /update-business-images
GRANT INSERT (business_id, url, position), DELETE ON public.business_images TO authenticated;
GRANT INSERT (seller_id, title, description, price, condition, category, location, images),
  UPDATE (title, description, price, condition, category, location, images, status),
  DELETE ON public.sell_items TO authenticated;                                             -- /create-sell-item, edit
GRANT INSERT (author_id, content, image_url), UPDATE (content, image_url), DELETE ON public.posts TO authenticated;
GRANT INSERT (post_id, question), UPDATE (question), DELETE ON public.polls TO authenticated;
GRANT INSERT (poll_id, label, position), DELETE ON public.poll_options TO authenticated;
GRANT INSERT (poll_id, user_id, option_id), UPDATE (option_id) ON public.poll_votes TO authenticated; -- /posts vote
GRANT INSERT (author_id, title, summary, content, cover_image), DELETE ON public.news TO authenticated;
GRANT UPDATE (read_at) ON public.notifications TO authenticated;                            -- /notifications
GRANT INSERT (user_id, item_id, item_type), DELETE ON public.user_favorites TO authenticated; -- /favorites

-- Supabase's server-side key: bypasses RLS by design, for administration.
GRANT ALL ON public.profiles, public.profile_private, public.businesses, public.business_images, public.services,
  public.drivers, public.sell_items, public.posts, public.polls, public.poll_options, public.poll_votes,
  public.poll_option_results, public.news, public.notifications, public.user_favorites
  TO service_role;

-- The migrations runner's bookkeeping (created by server/db/migrate.ts before any
-- migration, absent when only `supabase db push` ran): no request role touches it.
DO $$ BEGIN
  IF to_regclass('public.guida_migrations') IS NOT NULL THEN
    REVOKE ALL ON public.guida_migrations FROM anon, authenticated;
  END IF;
END $$;
