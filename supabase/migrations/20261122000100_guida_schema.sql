-- Guida: the whole product's schema. Applies unchanged to a Supabase project
-- (supabase db push) and, after server/db/compat.sql, to plain PostgreSQL and PGlite.
-- Every table has Row Level Security; policies are written against auth.uid().

-- ---------------------------------------------------------------- helpers
CREATE OR REPLACE FUNCTION public.touch_updated_at() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$;

-- Opening hours: an object keyed sunday..saturday, each {open, opensAt, closesAt}.
CREATE OR REPLACE FUNCTION public.is_valid_week_hours(hours jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT hours IS NULL OR (
    jsonb_typeof(hours) = 'object'
    AND NOT EXISTS (
      SELECT 1 FROM jsonb_object_keys(hours) AS k
      WHERE k NOT IN ('sunday','monday','tuesday','wednesday','thursday','friday','saturday')
    )
    AND NOT EXISTS (
      SELECT 1 FROM jsonb_each(hours) AS d
      WHERE jsonb_typeof(d.value) <> 'object'
         OR jsonb_typeof(d.value -> 'open') IS DISTINCT FROM 'boolean'
         OR (d.value ? 'opensAt' AND (d.value ->> 'opensAt') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
         OR (d.value ? 'closesAt' AND (d.value ->> 'closesAt') !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
    )
  )
$$;

-- ---------------------------------------------------------------- profiles
CREATE TABLE public.profiles (
  id uuid PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  username text NOT NULL CHECK (username ~ '^[a-z0-9_]{3,20}$'),
  full_name text NOT NULL CHECK (char_length(full_name) BETWEEN 1 AND 80),
  avatar_url text,
  bio text NOT NULL DEFAULT '' CHECK (char_length(bio) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX profiles_username_key ON public.profiles (lower(username));
CREATE INDEX profiles_full_name_idx ON public.profiles (lower(full_name));
CREATE TRIGGER profiles_touch BEFORE UPDATE ON public.profiles
  FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at();

-- Contact data only its owner may read: kept out of the public profile row.
CREATE TABLE public.profile_private (
  user_id uuid PRIMARY KEY REFERENCES public.profiles (id) ON DELETE CASCADE,
  phone text CHECK (phone IS NULL OR phone ~ '^[0-9()+ -]{8,20}$'),
  birth_date date CHECK (birth_date IS NULL OR birth_date BETWEEN DATE '1900-01-01' AND DATE '2100-01-01'),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER profile_private_touch BEFORE UPDATE ON public.profile_private
  FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at();

-- ---------------------------------------------------------------- businesses
CREATE TABLE public.businesses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid REFERENCES public.profiles (id) ON DELETE SET NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  category text NOT NULL CHECK (char_length(category) BETWEEN 1 AND 60),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 4000),
  address text NOT NULL DEFAULT '',
  neighbourhood text NOT NULL DEFAULT '',
  phone text,
  whatsapp text CHECK (whatsapp IS NULL OR whatsapp ~ '^[0-9]{10,15}$'),
  instagram text,
  website text,
  opening_hours jsonb CHECK (public.is_valid_week_hours(opening_hours)),
  logo_url text,
  cover_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX businesses_category_idx ON public.businesses (category, name);
CREATE INDEX businesses_owner_idx ON public.businesses (owner_id);
CREATE TRIGGER businesses_touch BEFORE UPDATE ON public.businesses
  FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at();

CREATE TABLE public.business_images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  business_id uuid NOT NULL REFERENCES public.businesses (id) ON DELETE CASCADE,
  url text NOT NULL,
  position int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX business_images_business_idx ON public.business_images (business_id, position);

-- ---------------------------------------------------------------- services
CREATE TABLE public.services (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid REFERENCES public.profiles (id) ON DELETE SET NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  category text NOT NULL CHECK (char_length(category) BETWEEN 1 AND 60),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 4000),
  neighbourhood text NOT NULL DEFAULT '',
  phone text,
  whatsapp text CHECK (whatsapp IS NULL OR whatsapp ~ '^[0-9]{10,15}$'),
  price_info text NOT NULL DEFAULT '',
  image_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX services_category_idx ON public.services (category, name);
CREATE TRIGGER services_touch BEFORE UPDATE ON public.services
  FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at();

-- ---------------------------------------------------------------- drivers
CREATE TABLE public.drivers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid REFERENCES public.profiles (id) ON DELETE SET NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  vehicle_kind text NOT NULL CHECK (vehicle_kind IN ('moto', 'carro', 'van', 'frete')),
  vehicle_description text NOT NULL DEFAULT '',
  areas text[] NOT NULL DEFAULT '{}',
  bio text NOT NULL DEFAULT '',
  phone text,
  whatsapp text CHECK (whatsapp IS NULL OR whatsapp ~ '^[0-9]{10,15}$'),
  photo_url text,
  -- Same shape as business opening hours: "available now" is "open now".
  working_hours jsonb CHECK (public.is_valid_week_hours(working_hours)),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX drivers_kind_idx ON public.drivers (vehicle_kind, name);
CREATE TRIGGER drivers_touch BEFORE UPDATE ON public.drivers
  FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at();

-- ---------------------------------------------------------------- sell items
CREATE TABLE public.sell_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seller_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (char_length(btrim(title)) BETWEEN 1 AND 120),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 4000),
  price numeric(12, 2) NOT NULL CHECK (price >= 0 AND price <= 10000000),
  condition text NOT NULL CHECK (condition IN ('novo', 'seminovo', 'usado')),
  category text NOT NULL CHECK (char_length(category) BETWEEN 1 AND 60),
  location text NOT NULL DEFAULT '' CHECK (char_length(location) <= 120),
  images text[] NOT NULL DEFAULT '{}' CHECK (cardinality(images) <= 6),
  status text NOT NULL DEFAULT 'available' CHECK (status IN ('available', 'sold')),
  sold_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sell_items_newest_idx ON public.sell_items (created_at DESC, id DESC);
CREATE INDEX sell_items_seller_idx ON public.sell_items (seller_id, created_at DESC);
CREATE INDEX sell_items_category_idx ON public.sell_items (category, created_at DESC);
CREATE TRIGGER sell_items_touch BEFORE UPDATE ON public.sell_items
  FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at();

-- ---------------------------------------------------------------- posts and polls
CREATE TABLE public.posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  author_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  content text NOT NULL CHECK (char_length(btrim(content)) BETWEEN 1 AND 5000),
  image_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX posts_newest_idx ON public.posts (created_at DESC, id DESC);
CREATE INDEX posts_author_idx ON public.posts (author_id, created_at DESC);
CREATE TRIGGER posts_touch BEFORE UPDATE ON public.posts
  FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at();

CREATE TABLE public.polls (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  post_id uuid NOT NULL UNIQUE REFERENCES public.posts (id) ON DELETE CASCADE,
  question text NOT NULL CHECK (char_length(btrim(question)) BETWEEN 1 AND 300),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE public.poll_options (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  poll_id uuid NOT NULL REFERENCES public.polls (id) ON DELETE CASCADE,
  label text NOT NULL CHECK (char_length(btrim(label)) BETWEEN 1 AND 120),
  position int NOT NULL CHECK (position BETWEEN 0 AND 5),
  UNIQUE (poll_id, position),
  UNIQUE (poll_id, id)
);

-- One vote per user per poll; a second vote changes the first (an UPDATE).
CREATE TABLE public.poll_votes (
  poll_id uuid NOT NULL REFERENCES public.polls (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  option_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (poll_id, user_id),
  FOREIGN KEY (poll_id, option_id) REFERENCES public.poll_options (poll_id, id) ON DELETE CASCADE
);
CREATE INDEX poll_votes_option_idx ON public.poll_votes (option_id);

-- Vote counts are public, who voted is not: the view runs with its owner's rights
-- and exposes only the aggregate.
CREATE VIEW public.poll_option_results AS
  SELECT o.poll_id, o.id AS option_id, o.label, o.position, count(v.user_id)::int AS votes
  FROM public.poll_options o
  LEFT JOIN public.poll_votes v ON v.option_id = o.id
  GROUP BY o.poll_id, o.id, o.label, o.position;

-- ---------------------------------------------------------------- news
CREATE TABLE public.news (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  author_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (char_length(btrim(title)) BETWEEN 1 AND 160),
  summary text NOT NULL CHECK (char_length(summary) <= 400),
  content text NOT NULL CHECK (char_length(btrim(content)) BETWEEN 1 AND 20000),
  cover_image text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX news_newest_idx ON public.news (created_at DESC, id DESC);
CREATE INDEX news_author_idx ON public.news (author_id);
CREATE TRIGGER news_touch BEFORE UPDATE ON public.news
  FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at();

-- ---------------------------------------------------------------- notifications
CREATE TABLE public.notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('welcome', 'favorite', 'vote')),
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  link text,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON public.notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread_idx ON public.notifications (user_id) WHERE read_at IS NULL;

-- ---------------------------------------------------------------- favorites
-- Exactly the spec's columns. item ids are UUIDs, unique across item types, which is
-- why a favorite is deleted by user_id + item_id alone.
CREATE TABLE public.user_favorites (
  user_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  item_id uuid NOT NULL,
  item_type text NOT NULL CHECK (item_type IN ('business', 'service', 'driver', 'sell_item', 'post', 'news')),
  title text,
  description text,
  price numeric(12, 2),
  image text,
  seller text,
  date timestamptz,
  location text,
  author text,
  content text,
  author_avatar text,
  avatar_url text,
  cover_image text,
  has_poll boolean NOT NULL DEFAULT false,
  poll_question text,
  poll_options text[],
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, item_id)
);
CREATE INDEX user_favorites_newest_idx ON public.user_favorites (user_id, created_at DESC);

-- ---------------------------------------------------------------- events → notifications
-- A new auth user gets a profile and a welcome notification. SECURITY DEFINER because
-- the signing-up user has no rights on other tables yet.
CREATE OR REPLACE FUNCTION public.handle_new_user() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  wanted text := lower(coalesce(NEW.raw_user_meta_data ->> 'username', ''));
  name text := coalesce(nullif(btrim(NEW.raw_user_meta_data ->> 'full_name'), ''), split_part(coalesce(NEW.email, 'morador'), '@', 1));
BEGIN
  IF wanted !~ '^[a-z0-9_]{3,20}$' THEN
    wanted := 'user_' || substr(replace(NEW.id::text, '-', ''), 1, 12);
  END IF;
  INSERT INTO public.profiles (id, username, full_name, avatar_url)
  VALUES (NEW.id, wanted, left(name, 80), NEW.raw_user_meta_data ->> 'avatar_url');
  INSERT INTO public.profile_private (user_id) VALUES (NEW.id);
  INSERT INTO public.notifications (user_id, kind, title, body, link)
  VALUES (NEW.id, 'welcome', 'Bem-vindo ao Guida!',
          'Explore os negócios da cidade, venda o que não usa mais e participe das enquetes.', '/');
  RETURN NEW;
END $$;

CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users
  FOR EACH ROW EXECUTE FUNCTION public.handle_new_user();

CREATE OR REPLACE FUNCTION public.notify_favorite() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  owner uuid;
  fan text;
  link text;
BEGIN
  IF NEW.item_type = 'sell_item' THEN
    SELECT seller_id INTO owner FROM public.sell_items WHERE id = NEW.item_id;
    link := '/sell-items?item=' || NEW.item_id;
  ELSIF NEW.item_type = 'post' THEN
    SELECT author_id INTO owner FROM public.posts WHERE id = NEW.item_id;
    link := '/posts#post-' || NEW.item_id;
  ELSE
    RETURN NEW;
  END IF;
  IF owner IS NULL OR owner = NEW.user_id THEN
    RETURN NEW;
  END IF;
  SELECT full_name INTO fan FROM public.profiles WHERE id = NEW.user_id;
  INSERT INTO public.notifications (user_id, kind, title, body, link)
  VALUES (owner, 'favorite', coalesce(fan, 'Alguém') || ' favoritou sua publicação',
          coalesce(NEW.title, ''), link);
  RETURN NEW;
END $$;

CREATE TRIGGER user_favorites_notify AFTER INSERT ON public.user_favorites
  FOR EACH ROW EXECUTE FUNCTION public.notify_favorite();

CREATE OR REPLACE FUNCTION public.notify_vote() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  author uuid;
  post uuid;
  voter text;
  q text;
BEGIN
  SELECT p.author_id, p.id, pl.question INTO author, post, q
  FROM public.polls pl JOIN public.posts p ON p.id = pl.post_id
  WHERE pl.id = NEW.poll_id;
  IF author IS NULL OR author = NEW.user_id THEN
    RETURN NEW;
  END IF;
  SELECT full_name INTO voter FROM public.profiles WHERE id = NEW.user_id;
  INSERT INTO public.notifications (user_id, kind, title, body, link)
  VALUES (author, 'vote', coalesce(voter, 'Alguém') || ' votou na sua enquete', q, '/posts#post-' || post);
  RETURN NEW;
END $$;

CREATE TRIGGER poll_votes_notify AFTER INSERT ON public.poll_votes
  FOR EACH ROW EXECUTE FUNCTION public.notify_vote();

-- ---------------------------------------------------------------- row level security
ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.profile_private ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.businesses ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.business_images ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.services ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.drivers ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.sell_items ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.posts ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.polls ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.poll_options ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.poll_votes ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.news ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.notifications ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.user_favorites ENABLE ROW LEVEL SECURITY;

-- Public listings: everyone reads; only the owner writes.
CREATE POLICY profiles_read ON public.profiles FOR SELECT USING (true);
CREATE POLICY profiles_update_own ON public.profiles FOR UPDATE TO authenticated
  USING (id = auth.uid()) WITH CHECK (id = auth.uid());

CREATE POLICY profile_private_own ON public.profile_private FOR SELECT TO authenticated
  USING (user_id = auth.uid());
CREATE POLICY profile_private_update_own ON public.profile_private FOR UPDATE TO authenticated
  USING (user_id = auth.uid()) WITH CHECK (user_id = auth.uid());

CREATE POLICY businesses_read ON public.businesses FOR SELECT USING (true);
CREATE POLICY businesses_insert_own ON public.businesses FOR INSERT TO authenticated
  WITH CHECK (owner_id = auth.uid());
CREATE POLICY businesses_update_own ON public.businesses FOR UPDATE TO authenticated
  USING (owner_id = auth.uid()) WITH CHECK (owner_id = auth.uid());
CREATE POLICY businesses_delete_own ON public.businesses FOR DELETE TO authenticated
  USING (owner_id = auth.uid());

CREATE POLICY business_images_read ON public.business_images FOR SELECT USING (true);
CREATE POLICY business_images_write_own ON public.business_images FOR ALL TO authenticated
  USING (EXISTS (SELECT 1 FROM public.businesses b WHERE b.id = business_id AND b.owner_id = auth.uid()))
  WITH CHECK (EXISTS (SELECT 1 FROM public.businesses b WHERE b.id = business_id AND b.owner_id = auth.uid()));

CREATE POLICY services_read ON public.services FOR SELECT USING (true);
CREATE POLICY services_write_own ON public.services FOR ALL TO authenticated
  USING (owner_id = auth.uid()) WITH CHECK (owner_id = auth.uid());

CREATE POLICY drivers_read ON public.drivers FOR SELECT USING (true);
CREATE POLICY drivers_write_own ON public.drivers FOR ALL TO authenticated
  USING (owner_id = auth.uid()) WITH CHECK (owner_id = auth.uid());

CREATE POLICY sell_items_read ON public.sell_items FOR SELECT USING (true);
CREATE POLICY sell_items_insert_own ON public.sell_items FOR INSERT TO authenticated
  WITH CHECK (seller_id = auth.uid());
CREATE POLICY sell_items_update_own ON public.sell_items FOR UPDATE TO authenticated
  USING (seller_id = auth.uid()) WITH CHECK (seller_id = auth.uid());
CREATE POLICY sell_items_delete_own ON public.sell_items FOR DELETE TO authenticated
  USING (seller_id = auth.uid());

CREATE POLICY posts_read ON public.posts FOR SELECT USING (true);
CREATE POLICY posts_insert_own ON public.posts FOR INSERT TO authenticated
  WITH CHECK (author_id = auth.uid());
CREATE POLICY posts_update_own ON public.posts FOR UPDATE TO authenticated
  USING (author_id = auth.uid()) WITH CHECK (author_id = auth.uid());
CREATE POLICY posts_delete_own ON public.posts FOR DELETE TO authenticated
  USING (author_id = auth.uid());

CREATE POLICY polls_read ON public.polls FOR SELECT USING (true);
CREATE POLICY polls_write_own ON public.polls FOR ALL TO authenticated
  USING (EXISTS (SELECT 1 FROM public.posts p WHERE p.id = post_id AND p.author_id = auth.uid()))
  WITH CHECK (EXISTS (SELECT 1 FROM public.posts p WHERE p.id = post_id AND p.author_id = auth.uid()));

CREATE POLICY poll_options_read ON public.poll_options FOR SELECT USING (true);
-- Options are frozen once anyone has voted: changing them would change what people voted for.
CREATE POLICY poll_options_write_own ON public.poll_options FOR ALL TO authenticated
  USING (
    EXISTS (SELECT 1 FROM public.polls pl JOIN public.posts p ON p.id = pl.post_id
            WHERE pl.id = poll_id AND p.author_id = auth.uid())
    AND NOT EXISTS (SELECT 1 FROM public.poll_votes v WHERE v.poll_id = poll_options.poll_id))
  WITH CHECK (
    EXISTS (SELECT 1 FROM public.polls pl JOIN public.posts p ON p.id = pl.post_id
            WHERE pl.id = poll_id AND p.author_id = auth.uid()));

CREATE POLICY poll_votes_read_own ON public.poll_votes FOR SELECT TO authenticated
  USING (user_id = auth.uid());
CREATE POLICY poll_votes_insert_own ON public.poll_votes FOR INSERT TO authenticated
  WITH CHECK (user_id = auth.uid());
CREATE POLICY poll_votes_update_own ON public.poll_votes FOR UPDATE TO authenticated
  USING (user_id = auth.uid()) WITH CHECK (user_id = auth.uid());
CREATE POLICY poll_votes_delete_own ON public.poll_votes FOR DELETE TO authenticated
  USING (user_id = auth.uid());

CREATE POLICY news_read ON public.news FOR SELECT USING (true);
CREATE POLICY news_insert_own ON public.news FOR INSERT TO authenticated
  WITH CHECK (author_id = auth.uid());
CREATE POLICY news_update_own ON public.news FOR UPDATE TO authenticated
  USING (author_id = auth.uid()) WITH CHECK (author_id = auth.uid());
CREATE POLICY news_delete_own ON public.news FOR DELETE TO authenticated
  USING (author_id = auth.uid());

-- Notifications are private; users only mark their own as read. Rows come from the
-- SECURITY DEFINER triggers above, never from a client insert.
CREATE POLICY notifications_read_own ON public.notifications FOR SELECT TO authenticated
  USING (user_id = auth.uid());
CREATE POLICY notifications_update_own ON public.notifications FOR UPDATE TO authenticated
  USING (user_id = auth.uid()) WITH CHECK (user_id = auth.uid());

CREATE POLICY user_favorites_read_own ON public.user_favorites FOR SELECT TO authenticated
  USING (user_id = auth.uid());
CREATE POLICY user_favorites_insert_own ON public.user_favorites FOR INSERT TO authenticated
  WITH CHECK (user_id = auth.uid());
CREATE POLICY user_favorites_delete_own ON public.user_favorites FOR DELETE TO authenticated
  USING (user_id = auth.uid());

-- ---------------------------------------------------------------- grants
-- Supabase grants these by default; plain PostgreSQL needs them spelled out.
-- RLS above decides which rows each role actually reaches.
GRANT USAGE ON SCHEMA public TO anon, authenticated, service_role;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO anon, authenticated;
GRANT INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO authenticated;
GRANT ALL ON ALL TABLES IN SCHEMA public TO service_role;
REVOKE INSERT, UPDATE, DELETE ON public.notifications FROM authenticated;
GRANT UPDATE (read_at) ON public.notifications TO authenticated;
REVOKE SELECT ON public.profile_private FROM anon;
REVOKE INSERT, DELETE ON public.profile_private FROM authenticated;
REVOKE INSERT, UPDATE, DELETE ON public.poll_option_results FROM authenticated;
