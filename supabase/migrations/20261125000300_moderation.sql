-- Issue #18: roles, reports, hidden content, blocked residents, proposed listings, claims
-- and the moderators' audit log. As everywhere in Guida, the database is the authority:
-- PostgREST exposes every table of `public`, so what a moderator may do is decided by the
-- policies and the SECURITY DEFINER functions below, never only by a route.
-- Idempotent: it can run again unchanged (on Supabase, PGlite and plain PostgreSQL).

-- ---------------------------------------------------------------- roles
-- Everyone signed in is a resident; a row here adds moderator or admin (an admin is
-- also a moderator). Granted by the operator (npm run guida -- role grant …, or
-- `select public.grant_role('e-mail', 'moderator')` in Supabase's SQL editor).
CREATE TABLE IF NOT EXISTS public.user_roles (
  user_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('moderator', 'admin')),
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, role)
);

-- The helper every policy calls. SECURITY DEFINER: the caller cannot read user_roles of
-- others, and a policy on user_roles calling it must not recurse into its own RLS.
CREATE OR REPLACE FUNCTION public.has_role(wanted text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (
    SELECT 1 FROM public.user_roles r
    WHERE r.user_id = auth.uid() AND (r.role = wanted OR r.role = 'admin')
  )
$$;
CREATE OR REPLACE FUNCTION public.is_moderator() RETURNS boolean
LANGUAGE sql STABLE SET search_path = '' AS $$ SELECT public.has_role('moderator') $$;
CREATE OR REPLACE FUNCTION public.is_admin() RETURNS boolean
LANGUAGE sql STABLE SET search_path = '' AS $$ SELECT public.has_role('admin') $$;

-- ---------------------------------------------------------------- blocked residents
CREATE TABLE IF NOT EXISTS public.resident_blocks (
  user_id uuid PRIMARY KEY REFERENCES public.profiles (id) ON DELETE CASCADE,
  blocked_by uuid REFERENCES public.profiles (id) ON DELETE SET NULL,
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  blocked_at timestamptz NOT NULL DEFAULT now()
);

CREATE OR REPLACE FUNCTION public.is_blocked() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT EXISTS (SELECT 1 FROM public.resident_blocks b WHERE b.user_id = auth.uid())
$$;

GRANT EXECUTE ON FUNCTION public.has_role(text), public.is_moderator(), public.is_admin(), public.is_blocked()
  TO anon, authenticated, service_role;

-- ---------------------------------------------------------------- hidden content
-- One column per moderated table; a plain column test, so list indexes keep serving the
-- visitor's reads (the visitor's only policy is `moderation_state = 'visible'`).
ALTER TABLE public.posts ADD COLUMN IF NOT EXISTS moderation_state text NOT NULL DEFAULT 'visible'
  CHECK (moderation_state IN ('visible', 'hidden'));
ALTER TABLE public.sell_items ADD COLUMN IF NOT EXISTS moderation_state text NOT NULL DEFAULT 'visible'
  CHECK (moderation_state IN ('visible', 'hidden'));
ALTER TABLE public.news ADD COLUMN IF NOT EXISTS moderation_state text NOT NULL DEFAULT 'visible'
  CHECK (moderation_state IN ('visible', 'hidden'));
ALTER TABLE public.businesses ADD COLUMN IF NOT EXISTS moderation_state text NOT NULL DEFAULT 'visible'
  CHECK (moderation_state IN ('visible', 'hidden'));
ALTER TABLE public.services ADD COLUMN IF NOT EXISTS moderation_state text NOT NULL DEFAULT 'visible'
  CHECK (moderation_state IN ('visible', 'hidden'));
ALTER TABLE public.drivers ADD COLUMN IF NOT EXISTS moderation_state text NOT NULL DEFAULT 'visible'
  CHECK (moderation_state IN ('visible', 'hidden'));
-- Profiles stay readable (every post shows its author's name); a hidden profile is left
-- out of /users and its own pages by server/models/profiles.ts.
ALTER TABLE public.profiles ADD COLUMN IF NOT EXISTS moderation_state text NOT NULL DEFAULT 'visible'
  CHECK (moderation_state IN ('visible', 'hidden'));

-- Three permissive policies per table (PostgreSQL ORs them): everyone sees what is
-- visible; a resident also sees their own; moderators see everything.
DROP POLICY IF EXISTS posts_read ON public.posts;
DROP POLICY IF EXISTS posts_read_own ON public.posts;
DROP POLICY IF EXISTS posts_read_moderator ON public.posts;
CREATE POLICY posts_read ON public.posts FOR SELECT USING (moderation_state = 'visible');
CREATE POLICY posts_read_own ON public.posts FOR SELECT TO authenticated USING (author_id = (SELECT auth.uid()));
CREATE POLICY posts_read_moderator ON public.posts FOR SELECT TO authenticated USING ((SELECT public.is_moderator()));

DROP POLICY IF EXISTS sell_items_read ON public.sell_items;
DROP POLICY IF EXISTS sell_items_read_own ON public.sell_items;
DROP POLICY IF EXISTS sell_items_read_moderator ON public.sell_items;
CREATE POLICY sell_items_read ON public.sell_items FOR SELECT USING (moderation_state = 'visible');
CREATE POLICY sell_items_read_own ON public.sell_items FOR SELECT TO authenticated USING (seller_id = (SELECT auth.uid()));
CREATE POLICY sell_items_read_moderator ON public.sell_items FOR SELECT TO authenticated USING ((SELECT public.is_moderator()));

DROP POLICY IF EXISTS news_read ON public.news;
DROP POLICY IF EXISTS news_read_own ON public.news;
DROP POLICY IF EXISTS news_read_moderator ON public.news;
CREATE POLICY news_read ON public.news FOR SELECT USING (moderation_state = 'visible');
CREATE POLICY news_read_own ON public.news FOR SELECT TO authenticated USING (author_id = (SELECT auth.uid()));
CREATE POLICY news_read_moderator ON public.news FOR SELECT TO authenticated USING ((SELECT public.is_moderator()));

DROP POLICY IF EXISTS businesses_read ON public.businesses;
DROP POLICY IF EXISTS businesses_read_own ON public.businesses;
DROP POLICY IF EXISTS businesses_read_moderator ON public.businesses;
CREATE POLICY businesses_read ON public.businesses FOR SELECT USING (moderation_state = 'visible');
CREATE POLICY businesses_read_own ON public.businesses FOR SELECT TO authenticated USING (owner_id = (SELECT auth.uid()));
CREATE POLICY businesses_read_moderator ON public.businesses FOR SELECT TO authenticated USING ((SELECT public.is_moderator()));

DROP POLICY IF EXISTS services_read ON public.services;
DROP POLICY IF EXISTS services_read_own ON public.services;
DROP POLICY IF EXISTS services_read_moderator ON public.services;
CREATE POLICY services_read ON public.services FOR SELECT USING (moderation_state = 'visible');
CREATE POLICY services_read_own ON public.services FOR SELECT TO authenticated USING (owner_id = (SELECT auth.uid()));
CREATE POLICY services_read_moderator ON public.services FOR SELECT TO authenticated USING ((SELECT public.is_moderator()));

DROP POLICY IF EXISTS drivers_read ON public.drivers;
DROP POLICY IF EXISTS drivers_read_own ON public.drivers;
DROP POLICY IF EXISTS drivers_read_moderator ON public.drivers;
CREATE POLICY drivers_read ON public.drivers FOR SELECT USING (moderation_state = 'visible');
CREATE POLICY drivers_read_own ON public.drivers FOR SELECT TO authenticated USING (owner_id = (SELECT auth.uid()));
CREATE POLICY drivers_read_moderator ON public.drivers FOR SELECT TO authenticated USING ((SELECT public.is_moderator()));

-- Whether the caller may see an item, asked as the caller (SECURITY INVOKER): the item's
-- own policies answer, so favorites and reports follow the rules above without a copy.
CREATE OR REPLACE FUNCTION public.item_is_visible(kind text, item uuid) RETURNS boolean
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT CASE kind
    WHEN 'post' THEN EXISTS (SELECT 1 FROM public.posts x WHERE x.id = item)
    WHEN 'sell_item' THEN EXISTS (SELECT 1 FROM public.sell_items x WHERE x.id = item)
    WHEN 'news' THEN EXISTS (SELECT 1 FROM public.news x WHERE x.id = item)
    WHEN 'business' THEN EXISTS (SELECT 1 FROM public.businesses x WHERE x.id = item)
    WHEN 'service' THEN EXISTS (SELECT 1 FROM public.services x WHERE x.id = item)
    WHEN 'driver' THEN EXISTS (SELECT 1 FROM public.drivers x WHERE x.id = item)
    WHEN 'profile' THEN EXISTS (SELECT 1 FROM public.profiles x WHERE x.id = item
                                AND (x.moderation_state = 'visible' OR x.id = auth.uid() OR public.is_moderator()))
    ELSE false
  END
$$;
GRANT EXECUTE ON FUNCTION public.item_is_visible(text, uuid) TO authenticated, service_role;

-- A favorite of hidden content leaves the list (and the count) of everyone but its
-- author and the moderators.
DROP POLICY IF EXISTS user_favorites_item_visible ON public.user_favorites;
CREATE POLICY user_favorites_item_visible ON public.user_favorites AS RESTRICTIVE FOR SELECT TO authenticated
  USING (public.item_is_visible(item_type, item_id));

-- ---------------------------------------------------------------- configuration
-- One row. reports_to_hide: distinct residents' open reports that hide an item until a
-- moderator looks. Change it with SQL or `npm run guida -- reports-to-hide N`.
CREATE TABLE IF NOT EXISTS public.moderation_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  reports_to_hide int NOT NULL DEFAULT 3 CHECK (reports_to_hide BETWEEN 1 AND 1000),
  reports_per_hour int NOT NULL DEFAULT 20 CHECK (reports_per_hour BETWEEN 1 AND 10000)
);
INSERT INTO public.moderation_settings (id) VALUES (true) ON CONFLICT (id) DO NOTHING;

-- ---------------------------------------------------------------- reports
CREATE TABLE IF NOT EXISTS public.reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reporter_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  item_type text NOT NULL CHECK (item_type IN ('post', 'sell_item', 'news', 'profile', 'business', 'service', 'driver')),
  item_id uuid NOT NULL,
  reason text NOT NULL CHECK (reason IN ('spam', 'golpe', 'ofensivo', 'informacao_errada', 'outro')),
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  CONSTRAINT reports_one_per_resident UNIQUE (reporter_id, item_type, item_id)
);
CREATE INDEX IF NOT EXISTS reports_open_idx ON public.reports (item_type, item_id) WHERE resolved_at IS NULL;
CREATE INDEX IF NOT EXISTS reports_reporter_idx ON public.reports (reporter_id, created_at DESC);

-- The item's author (or owner), whatever its state: for notifications and blocks.
CREATE OR REPLACE FUNCTION public.author_of(kind text, item uuid) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT CASE kind
    WHEN 'post' THEN (SELECT author_id FROM public.posts WHERE id = item)
    WHEN 'sell_item' THEN (SELECT seller_id FROM public.sell_items WHERE id = item)
    WHEN 'news' THEN (SELECT author_id FROM public.news WHERE id = item)
    WHEN 'business' THEN (SELECT owner_id FROM public.businesses WHERE id = item)
    WHEN 'service' THEN (SELECT owner_id FROM public.services WHERE id = item)
    WHEN 'driver' THEN (SELECT owner_id FROM public.drivers WHERE id = item)
    WHEN 'profile' THEN (SELECT id FROM public.profiles WHERE id = item)
  END
$$;
REVOKE ALL ON FUNCTION public.author_of(text, uuid) FROM PUBLIC, anon, authenticated;

ALTER TABLE public.notifications DROP CONSTRAINT IF EXISTS notifications_kind_check;
ALTER TABLE public.notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('welcome', 'favorite', 'vote', 'moderation'));

-- Where a notification about an item leads its author.
CREATE OR REPLACE FUNCTION public.item_link(kind text, item uuid) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT CASE kind
    WHEN 'post' THEN '/posts/' || item
    WHEN 'sell_item' THEN '/sell-items/' || item
    WHEN 'news' THEN '/news/' || item
    WHEN 'business' THEN '/business/' || item
    WHEN 'service' THEN '/services'
    WHEN 'driver' THEN '/driver/' || item
    WHEN 'profile' THEN '/user/' || item
  END
$$;

-- Hides or shows an item and tells its author when that changes. Internal: called by the
-- report trigger and by moderate(), never by a request role.
CREATE OR REPLACE FUNCTION public.set_moderation_state(kind text, item uuid, state text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  tables constant jsonb := '{"post":"posts","sell_item":"sell_items","news":"news","business":"businesses",
                             "service":"services","driver":"drivers","profile":"profiles"}';
  changed int;
  author uuid := public.author_of(kind, item);
BEGIN
  IF tables ->> kind IS NULL THEN
    RAISE EXCEPTION 'unknown item type %', kind USING ERRCODE = 'invalid_parameter_value';
  END IF;
  EXECUTE format('UPDATE public.%I SET moderation_state = $1 WHERE id = $2 AND moderation_state <> $1', tables ->> kind)
    USING state, item;
  GET DIAGNOSTICS changed = ROW_COUNT;
  IF changed > 0 AND author IS NOT NULL THEN
    INSERT INTO public.notifications (user_id, kind, title, body, link)
    VALUES (author, 'moderation',
            CASE state WHEN 'hidden' THEN 'Oculto pela moderação' ELSE 'Sua publicação voltou a aparecer' END,
            CASE state WHEN 'hidden' THEN 'Uma publicação sua foi ocultada enquanto a moderação analisa as denúncias.'
                       ELSE 'A moderação analisou as denúncias e sua publicação está visível de novo.' END,
            public.item_link(kind, item));
  END IF;
END $$;
REVOKE ALL ON FUNCTION public.set_moderation_state(text, uuid, text) FROM PUBLIC, anon, authenticated;

-- Before a report: the rate limit, counted in the database so that every server (and the
-- database API) shares it.
CREATE OR REPLACE FUNCTION public.reports_rate_limit() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF (SELECT count(*) FROM public.reports r WHERE r.reporter_id = NEW.reporter_id AND r.created_at > now() - interval '1 hour')
     >= (SELECT s.reports_per_hour FROM public.moderation_settings s) THEN
    RAISE EXCEPTION 'too many reports in the last hour' USING ERRCODE = 'check_violation', CONSTRAINT = 'reports_rate_limit';
  END IF;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.reports_rate_limit() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS reports_rate_limit ON public.reports;
CREATE TRIGGER reports_rate_limit BEFORE INSERT ON public.reports
  FOR EACH ROW EXECUTE FUNCTION public.reports_rate_limit();

-- After a report: enough distinct residents hide the item until a moderator looks.
CREATE OR REPLACE FUNCTION public.hide_after_reports() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF (SELECT count(DISTINCT r.reporter_id) FROM public.reports r
      WHERE r.item_type = NEW.item_type AND r.item_id = NEW.item_id AND r.resolved_at IS NULL)
     >= (SELECT s.reports_to_hide FROM public.moderation_settings s) THEN
    PERFORM public.set_moderation_state(NEW.item_type, NEW.item_id, 'hidden');
  END IF;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.hide_after_reports() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS reports_hide_item ON public.reports;
CREATE TRIGGER reports_hide_item AFTER INSERT ON public.reports
  FOR EACH ROW EXECUTE FUNCTION public.hide_after_reports();

-- ---------------------------------------------------------------- proposed listings and claims
-- "Cadastrar negócio / serviço / motorista": a resident proposes; only a moderator's
-- approval (review_proposal) creates the listing, owned by its proposer. For a driver,
-- category holds the vehicle kind.
CREATE TABLE IF NOT EXISTS public.listing_proposals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  proposer_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('business', 'service', 'driver')),
  name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 120),
  category text NOT NULL CHECK (char_length(btrim(category)) BETWEEN 1 AND 60),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 4000),
  address text NOT NULL DEFAULT '' CHECK (char_length(address) <= 200),
  neighbourhood text NOT NULL DEFAULT '' CHECK (char_length(neighbourhood) <= 80),
  phone text CHECK (phone IS NULL OR char_length(phone) <= 20),
  whatsapp text CHECK (whatsapp IS NULL OR whatsapp ~ '^[0-9]{10,15}$'),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  listing_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz
);
CREATE INDEX IF NOT EXISTS listing_proposals_pending_idx ON public.listing_proposals (created_at DESC) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS listing_proposals_proposer_idx ON public.listing_proposals (proposer_id, created_at DESC);

-- "Este negócio é meu": approved by a moderator (review_claim), it makes the claimant the
-- business's owner.
CREATE TABLE IF NOT EXISTS public.business_claims (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  claimant_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  business_id uuid NOT NULL REFERENCES public.businesses (id) ON DELETE CASCADE,
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at timestamptz NOT NULL DEFAULT now(),
  reviewed_at timestamptz,
  CONSTRAINT business_claims_one_per_resident UNIQUE (claimant_id, business_id)
);
CREATE INDEX IF NOT EXISTS business_claims_pending_idx ON public.business_claims (created_at DESC) WHERE status = 'pending';

-- ---------------------------------------------------------------- audit log
-- Every moderator (and operator) action; admins read it, nobody writes it but the
-- functions below.
CREATE TABLE IF NOT EXISTS public.moderation_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  moderator_id uuid REFERENCES public.profiles (id) ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('hide', 'restore', 'dismiss', 'block', 'unblock', 'approve_listing', 'reject_listing',
                                         'approve_claim', 'reject_claim', 'grant_role', 'revoke_role')),
  item_type text,
  item_id uuid,
  subject_id uuid REFERENCES public.profiles (id) ON DELETE SET NULL,
  note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS moderation_log_newest_idx ON public.moderation_log (created_at DESC, id DESC);

-- ---------------------------------------------------------------- moderator actions
CREATE OR REPLACE FUNCTION public.require_moderator() RETURNS uuid
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
BEGIN
  IF auth.uid() IS NULL OR NOT public.is_moderator() THEN
    RAISE EXCEPTION 'only moderators may do this' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN auth.uid();
END $$;
REVOKE ALL ON FUNCTION public.require_moderator() FROM PUBLIC, anon;

-- Ends every session of a resident: the local adapter's table here, Supabase Auth's where
-- the migration's owner may touch it (the app also refuses a blocked resident's session).
CREATE OR REPLACE FUNCTION public.end_sessions(resident uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF to_regclass('guida_private.sessions') IS NOT NULL THEN
    EXECUTE 'DELETE FROM guida_private.sessions WHERE user_id = $1' USING resident;
  END IF;
  IF to_regclass('auth.sessions') IS NOT NULL THEN
    BEGIN
      EXECUTE 'DELETE FROM auth.sessions WHERE user_id = $1' USING resident;
    EXCEPTION WHEN insufficient_privilege THEN NULL;
    END;
  END IF;
END $$;
REVOKE ALL ON FUNCTION public.end_sessions(uuid) FROM PUBLIC, anon, authenticated;

-- hide, restore, dismiss (the reports were unfounded: the item shows again), block (the
-- author: hidden item, no more publishing, sessions ended). Every action closes the
-- item's open reports and is logged.
CREATE OR REPLACE FUNCTION public.moderate(kind text, item uuid, action text, note text DEFAULT '') RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  me uuid := public.require_moderator();
  author uuid := public.author_of(kind, item);
BEGIN
  IF action NOT IN ('hide', 'restore', 'dismiss', 'block') THEN
    RAISE EXCEPTION 'unknown action %', action USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF NOT public.item_exists(kind, item) THEN
    RAISE EXCEPTION 'no % with id %', kind, item USING ERRCODE = 'no_data_found';
  END IF;
  IF action = 'block' THEN
    IF author IS NULL OR author = me OR EXISTS (SELECT 1 FROM public.user_roles r WHERE r.user_id = author) THEN
      RAISE EXCEPTION 'this author cannot be blocked' USING ERRCODE = 'check_violation', CONSTRAINT = 'moderation_block_target';
    END IF;
    INSERT INTO public.resident_blocks (user_id, blocked_by, note) VALUES (author, me, left(coalesce(note, ''), 500))
      ON CONFLICT (user_id) DO NOTHING;
    PERFORM public.end_sessions(author);
  END IF;
  PERFORM public.set_moderation_state(kind, item, CASE WHEN action IN ('hide', 'block') THEN 'hidden' ELSE 'visible' END);
  UPDATE public.reports SET resolved_at = now() WHERE item_type = kind AND item_id = item AND resolved_at IS NULL;
  INSERT INTO public.moderation_log (moderator_id, action, item_type, item_id, subject_id, note)
  VALUES (me, action, kind, item, author, left(coalesce(note, ''), 500));
END $$;

CREATE OR REPLACE FUNCTION public.item_exists(kind text, item uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT CASE kind
    WHEN 'post' THEN EXISTS (SELECT 1 FROM public.posts WHERE id = item)
    WHEN 'sell_item' THEN EXISTS (SELECT 1 FROM public.sell_items WHERE id = item)
    WHEN 'news' THEN EXISTS (SELECT 1 FROM public.news WHERE id = item)
    WHEN 'business' THEN EXISTS (SELECT 1 FROM public.businesses WHERE id = item)
    WHEN 'service' THEN EXISTS (SELECT 1 FROM public.services WHERE id = item)
    WHEN 'driver' THEN EXISTS (SELECT 1 FROM public.drivers WHERE id = item)
    WHEN 'profile' THEN EXISTS (SELECT 1 FROM public.profiles WHERE id = item)
    ELSE false
  END
$$;
REVOKE ALL ON FUNCTION public.item_exists(text, uuid) FROM PUBLIC, anon, authenticated;

CREATE OR REPLACE FUNCTION public.unblock_resident(resident uuid, note text DEFAULT '') RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  me uuid := public.require_moderator();
BEGIN
  DELETE FROM public.resident_blocks WHERE user_id = resident;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'resident % is not blocked', resident USING ERRCODE = 'no_data_found';
  END IF;
  INSERT INTO public.moderation_log (moderator_id, action, subject_id, note)
  VALUES (me, 'unblock', resident, left(coalesce(note, ''), 500));
END $$;

-- Approves (creating the listing, owned by the proposer) or rejects a proposal.
CREATE OR REPLACE FUNCTION public.review_proposal(proposal uuid, approve boolean, note text DEFAULT '') RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  me uuid := public.require_moderator();
  p public.listing_proposals;
  created uuid;
BEGIN
  SELECT * INTO p FROM public.listing_proposals WHERE id = proposal AND status = 'pending' FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no pending proposal %', proposal USING ERRCODE = 'no_data_found';
  END IF;
  IF approve THEN
    IF p.kind = 'business' THEN
      INSERT INTO public.businesses (owner_id, name, category, description, address, neighbourhood, phone, whatsapp)
      VALUES (p.proposer_id, p.name, p.category, p.description, p.address, p.neighbourhood, p.phone, p.whatsapp)
      RETURNING id INTO created;
    ELSIF p.kind = 'service' THEN
      INSERT INTO public.services (owner_id, name, category, description, neighbourhood, phone, whatsapp)
      VALUES (p.proposer_id, p.name, p.category, p.description, p.neighbourhood, p.phone, p.whatsapp)
      RETURNING id INTO created;
    ELSE
      INSERT INTO public.drivers (owner_id, name, vehicle_kind, bio, areas, phone, whatsapp)
      VALUES (p.proposer_id, p.name, p.category, p.description,
              CASE WHEN p.neighbourhood = '' THEN '{}'::text[] ELSE ARRAY[p.neighbourhood] END, p.phone, p.whatsapp)
      RETURNING id INTO created;
    END IF;
  END IF;
  UPDATE public.listing_proposals SET status = CASE WHEN approve THEN 'approved' ELSE 'rejected' END,
    listing_id = created, reviewed_at = now() WHERE id = proposal;
  INSERT INTO public.notifications (user_id, kind, title, body, link)
  VALUES (p.proposer_id, 'moderation',
          CASE WHEN approve THEN 'Cadastro aprovado' ELSE 'Cadastro não aprovado' END,
          p.name || CASE WHEN approve THEN ' já aparece no Guida.' ELSE ' não foi aprovado pela moderação.' END,
          CASE WHEN approve THEN public.item_link(p.kind, created) ELSE NULL END);
  INSERT INTO public.moderation_log (moderator_id, action, item_type, item_id, subject_id, note)
  VALUES (me, CASE WHEN approve THEN 'approve_listing' ELSE 'reject_listing' END, p.kind, coalesce(created, p.id),
          p.proposer_id, left(coalesce(note, ''), 500));
  RETURN created;
END $$;

CREATE OR REPLACE FUNCTION public.review_claim(claim uuid, approve boolean, note text DEFAULT '') RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  me uuid := public.require_moderator();
  c public.business_claims;
  business_name text;
BEGIN
  SELECT * INTO c FROM public.business_claims WHERE id = claim AND status = 'pending' FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no pending claim %', claim USING ERRCODE = 'no_data_found';
  END IF;
  IF approve THEN
    UPDATE public.businesses SET owner_id = c.claimant_id WHERE id = c.business_id RETURNING name INTO business_name;
    -- One owner: the other claims on the same business are answered with it.
    UPDATE public.business_claims SET status = 'rejected', reviewed_at = now()
    WHERE business_id = c.business_id AND status = 'pending' AND id <> claim;
  ELSE
    SELECT name INTO business_name FROM public.businesses WHERE id = c.business_id;
  END IF;
  UPDATE public.business_claims SET status = CASE WHEN approve THEN 'approved' ELSE 'rejected' END, reviewed_at = now()
  WHERE id = claim;
  INSERT INTO public.notifications (user_id, kind, title, body, link)
  VALUES (c.claimant_id, 'moderation',
          CASE WHEN approve THEN 'Pedido aprovado: o negócio é seu' ELSE 'Pedido não aprovado' END,
          coalesce(business_name, ''), '/business/' || c.business_id);
  INSERT INTO public.moderation_log (moderator_id, action, item_type, item_id, subject_id, note)
  VALUES (me, CASE WHEN approve THEN 'approve_claim' ELSE 'reject_claim' END, 'business', c.business_id, c.claimant_id,
          left(coalesce(note, ''), 500));
END $$;

REVOKE ALL ON FUNCTION public.moderate(text, uuid, text, text), public.unblock_resident(uuid, text),
  public.review_proposal(uuid, boolean, text), public.review_claim(uuid, boolean, text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.moderate(text, uuid, text, text), public.unblock_resident(uuid, text),
  public.review_proposal(uuid, boolean, text), public.review_claim(uuid, boolean, text), public.require_moderator()
  TO authenticated, service_role;

-- ---------------------------------------------------------------- operator: roles
-- Run as the database owner (npm run guida -- role grant …, or Supabase's SQL editor);
-- no request role may call them.
CREATE OR REPLACE FUNCTION public.grant_role(email text, wanted text) RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  resident uuid;
BEGIN
  SELECT u.id INTO resident FROM auth.users u WHERE lower(u.email) = lower(btrim(grant_role.email));
  IF resident IS NULL THEN
    RAISE EXCEPTION 'no account with e-mail %', email USING ERRCODE = 'no_data_found';
  END IF;
  INSERT INTO public.user_roles (user_id, role) VALUES (resident, wanted) ON CONFLICT DO NOTHING;
  IF FOUND THEN
    INSERT INTO public.moderation_log (action, subject_id, note) VALUES ('grant_role', resident, wanted);
  END IF;
  RETURN resident;
END $$;

CREATE OR REPLACE FUNCTION public.revoke_role(email text, wanted text) RETURNS uuid
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  resident uuid;
BEGIN
  SELECT u.id INTO resident FROM auth.users u WHERE lower(u.email) = lower(btrim(revoke_role.email));
  IF resident IS NULL THEN
    RAISE EXCEPTION 'no account with e-mail %', email USING ERRCODE = 'no_data_found';
  END IF;
  DELETE FROM public.user_roles WHERE user_id = resident AND role = wanted;
  IF FOUND THEN
    INSERT INTO public.moderation_log (action, subject_id, note) VALUES ('revoke_role', resident, wanted);
  END IF;
  RETURN resident;
END $$;
REVOKE ALL ON FUNCTION public.grant_role(text, text), public.revoke_role(text, text) FROM PUBLIC, anon, authenticated;

-- ---------------------------------------------------------------- blocked residents publish nothing
-- RESTRICTIVE: ANDed with every permissive policy of the table, whoever wrote it.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['posts', 'polls', 'poll_options', 'poll_votes', 'sell_items', 'news', 'business_images',
                           'businesses', 'reports', 'listing_proposals', 'business_claims'] LOOP
    EXECUTE format('DROP POLICY IF EXISTS %I ON public.%I', t || '_not_blocked_insert', t);
    EXECUTE format('DROP POLICY IF EXISTS %I ON public.%I', t || '_not_blocked_update', t);
    EXECUTE format('CREATE POLICY %I ON public.%I AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (NOT (SELECT public.is_blocked()))',
                   t || '_not_blocked_insert', t);
    EXECUTE format('CREATE POLICY %I ON public.%I AS RESTRICTIVE FOR UPDATE TO authenticated USING (NOT (SELECT public.is_blocked()))',
                   t || '_not_blocked_update', t);
  END LOOP;
END $$;

-- ---------------------------------------------------------------- row level security of the new tables
ALTER TABLE public.user_roles ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.resident_blocks ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.moderation_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.reports ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.listing_proposals ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.business_claims ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.moderation_log ENABLE ROW LEVEL SECURITY;

DROP POLICY IF EXISTS user_roles_read ON public.user_roles;
CREATE POLICY user_roles_read ON public.user_roles FOR SELECT TO authenticated
  USING (user_id = (SELECT auth.uid()) OR (SELECT public.is_admin()));

DROP POLICY IF EXISTS resident_blocks_read ON public.resident_blocks;
CREATE POLICY resident_blocks_read ON public.resident_blocks FOR SELECT TO authenticated
  USING (user_id = (SELECT auth.uid()) OR (SELECT public.is_moderator()));

DROP POLICY IF EXISTS reports_read ON public.reports;
DROP POLICY IF EXISTS reports_insert_own ON public.reports;
CREATE POLICY reports_read ON public.reports FOR SELECT TO authenticated
  USING (reporter_id = (SELECT auth.uid()) OR (SELECT public.is_moderator()));
CREATE POLICY reports_insert_own ON public.reports FOR INSERT TO authenticated
  WITH CHECK (reporter_id = (SELECT auth.uid()) AND public.item_is_visible(item_type, item_id));

DROP POLICY IF EXISTS listing_proposals_read ON public.listing_proposals;
DROP POLICY IF EXISTS listing_proposals_insert_own ON public.listing_proposals;
CREATE POLICY listing_proposals_read ON public.listing_proposals FOR SELECT TO authenticated
  USING (proposer_id = (SELECT auth.uid()) OR (SELECT public.is_moderator()));
CREATE POLICY listing_proposals_insert_own ON public.listing_proposals FOR INSERT TO authenticated
  WITH CHECK (proposer_id = (SELECT auth.uid()));

DROP POLICY IF EXISTS business_claims_read ON public.business_claims;
DROP POLICY IF EXISTS business_claims_insert_own ON public.business_claims;
CREATE POLICY business_claims_read ON public.business_claims FOR SELECT TO authenticated
  USING (claimant_id = (SELECT auth.uid()) OR (SELECT public.is_moderator()));
CREATE POLICY business_claims_insert_own ON public.business_claims FOR INSERT TO authenticated
  WITH CHECK (claimant_id = (SELECT auth.uid())
              AND EXISTS (SELECT 1 FROM public.businesses b WHERE b.id = business_id AND b.owner_id IS DISTINCT FROM auth.uid()));

DROP POLICY IF EXISTS moderation_log_read ON public.moderation_log;
CREATE POLICY moderation_log_read ON public.moderation_log FOR SELECT TO authenticated USING ((SELECT public.is_admin()));

-- ---------------------------------------------------------------- grants
REVOKE ALL ON public.user_roles, public.resident_blocks, public.moderation_settings, public.reports,
  public.listing_proposals, public.business_claims, public.moderation_log FROM anon, authenticated;
GRANT SELECT ON public.user_roles, public.resident_blocks, public.reports, public.listing_proposals,
  public.business_claims, public.moderation_log TO authenticated;
GRANT INSERT (reporter_id, item_type, item_id, reason, note) ON public.reports TO authenticated;          -- /denunciar
GRANT INSERT (proposer_id, kind, name, category, description, address, neighbourhood, phone, whatsapp)
  ON public.listing_proposals TO authenticated;                                                           -- /cadastrar/…
GRANT INSERT (claimant_id, business_id, note) ON public.business_claims TO authenticated;                 -- /business/{id}/e-meu
-- An approved owner edits the details of their business (/business/{id}/editar).
GRANT UPDATE (description, address, phone, whatsapp, opening_hours) ON public.businesses TO authenticated;
GRANT ALL ON public.user_roles, public.resident_blocks, public.moderation_settings, public.reports,
  public.listing_proposals, public.business_claims, public.moderation_log TO service_role;

-- ---------------------------------------------------------------- the city's summaries count what visitors see
-- The open-now and per-category counts (20261125000200_city_scale.sql) stand for the lists
-- beside them: a hidden listing leaves the counts as it leaves the lists, and comes back
-- with them. Same functions, counting only visible rows, and fired by moderation_state too.
CREATE OR REPLACE FUNCTION public.count_opening_spans() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.moderation_state = 'visible' THEN
    UPDATE public.opening_spans s SET businesses = s.businesses - 1
    FROM public.opening_spans_of(OLD.opening_hours) o
    WHERE s.weekday = o.weekday AND s.opens_at = o.opens_at AND s.closes_at = o.closes_at;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.moderation_state = 'visible' THEN
    INSERT INTO public.opening_spans AS s (weekday, opens_at, closes_at, businesses)
    SELECT o.weekday, o.opens_at, o.closes_at, 1 FROM public.opening_spans_of(NEW.opening_hours) o
    ON CONFLICT (weekday, opens_at, closes_at) DO UPDATE SET businesses = s.businesses + 1;
  END IF;
  RETURN NULL;
END;
$$;
REVOKE ALL ON FUNCTION public.count_opening_spans() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS businesses_count_opening_spans ON public.businesses;
CREATE TRIGGER businesses_count_opening_spans AFTER INSERT OR DELETE OR UPDATE OF opening_hours, moderation_state ON public.businesses
  FOR EACH ROW EXECUTE FUNCTION public.count_opening_spans();

CREATE OR REPLACE FUNCTION public.count_categories() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.moderation_state = 'visible' THEN
    UPDATE public.category_counts c SET listings = c.listings - 1
    WHERE c.listing = TG_TABLE_NAME AND c.category = OLD.category;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.moderation_state = 'visible' THEN
    INSERT INTO public.category_counts AS c (listing, category, listings) VALUES (TG_TABLE_NAME, NEW.category, 1)
    ON CONFLICT (listing, category) DO UPDATE SET listings = c.listings + 1;
  END IF;
  DELETE FROM public.category_counts c WHERE c.listing = TG_TABLE_NAME AND c.listings <= 0;
  RETURN NULL;
END;
$$;
REVOKE ALL ON FUNCTION public.count_categories() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS businesses_count_categories ON public.businesses;
CREATE TRIGGER businesses_count_categories AFTER INSERT OR DELETE OR UPDATE OF category, moderation_state ON public.businesses
  FOR EACH ROW EXECUTE FUNCTION public.count_categories();
DROP TRIGGER IF EXISTS services_count_categories ON public.services;
CREATE TRIGGER services_count_categories AFTER INSERT OR DELETE OR UPDATE OF category, moderation_state ON public.services
  FOR EACH ROW EXECUTE FUNCTION public.count_categories();
DROP TRIGGER IF EXISTS sell_items_count_categories ON public.sell_items;
CREATE TRIGGER sell_items_count_categories AFTER INSERT OR DELETE OR UPDATE OF category, moderation_state ON public.sell_items
  FOR EACH ROW EXECUTE FUNCTION public.count_categories();

DELETE FROM public.opening_spans;
INSERT INTO public.opening_spans (weekday, opens_at, closes_at, businesses)
SELECT o.weekday, o.opens_at, o.closes_at, count(*)::int
FROM public.businesses b, public.opening_spans_of(b.opening_hours) o
WHERE b.moderation_state = 'visible'
GROUP BY 1, 2, 3;
DELETE FROM public.category_counts;
INSERT INTO public.category_counts (listing, category, listings)
SELECT 'businesses', category, count(*)::int FROM public.businesses WHERE moderation_state = 'visible' GROUP BY category
UNION ALL SELECT 'services', category, count(*)::int FROM public.services WHERE moderation_state = 'visible' GROUP BY category
UNION ALL SELECT 'sell_items', category, count(*)::int FROM public.sell_items WHERE moderation_state = 'visible' GROUP BY category;

-- ---------------------------------------------------------------- the change channel (docs/caching.md)
-- Hiding, restoring and approving change the content tables, which announce themselves
-- already (20261125000100_changes_and_limits.sql): cached pages drop them at once. The
-- moderation tables announce too, naming the residents each row belongs to.
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.reports
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('report', 'id', 'reporter_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.listing_proposals
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('listing_proposal', 'id', 'proposer_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.business_claims
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('business_claim', 'id', 'claimant_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.user_roles
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('role', '', 'user_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.resident_blocks
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('block', '', 'user_id');
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.moderation_log
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('moderation', 'id', 'subject_id');
