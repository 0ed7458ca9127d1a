-- Issue #25: trust that three throwaway accounts cannot break. Reports now weigh what
-- their reporters have earned (trust levels: confirmed e-mail, account age, published
-- content, reports moderators upheld or dismissed), accounts that share a network address
-- with each other or with the author weigh less, staff content and listings are never
-- hidden automatically, and an item a moderator restored cannot be hidden again by
-- accounts made after it. Numbers and reasons: docs/moderation.md, docs/security.md.
-- Idempotent: it can run again unchanged (on Supabase, PGlite and plain PostgreSQL).

-- ---------------------------------------------------------------- configuration
-- reports_to_hide keeps its name (and `npm run guida -- reports-to-hide N`): it is now the
-- WEIGHT of open reports that hides an item, a trusted resident's report weighing 1.
ALTER TABLE public.moderation_settings
  ADD COLUMN IF NOT EXISTS trusted_after_days int NOT NULL DEFAULT 30 CHECK (trusted_after_days BETWEEN 0 AND 3650),
  ADD COLUMN IF NOT EXISTS trusted_contributions int NOT NULL DEFAULT 3 CHECK (trusted_contributions BETWEEN 0 AND 1000),
  ADD COLUMN IF NOT EXISTS address_days int NOT NULL DEFAULT 30 CHECK (address_days BETWEEN 1 AND 365);

-- What a moderator decided about each report: hide or block upheld it, restore or dismiss
-- did not. Written only by moderate() (no request role has UPDATE on reports).
ALTER TABLE public.reports ADD COLUMN IF NOT EXISTS outcome text CHECK (outcome IN ('upheld', 'dismissed'));
CREATE INDEX IF NOT EXISTS reports_outcome_idx ON public.reports (reporter_id) WHERE outcome IS NOT NULL;
-- The last restore or dismissal of an item (accounts made after it never count on it).
CREATE INDEX IF NOT EXISTS moderation_log_item_idx ON public.moderation_log (item_type, item_id, created_at DESC);

-- ---------------------------------------------------------------- network addresses, hashed
-- The salt never leaves the database: no request role can read guida_private.
CREATE SCHEMA IF NOT EXISTS guida_private;
REVOKE ALL ON SCHEMA guida_private FROM PUBLIC;
CREATE TABLE IF NOT EXISTS guida_private.address_salt (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  salt text NOT NULL
);
INSERT INTO guida_private.address_salt (salt)
VALUES (encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex'))
ON CONFLICT (id) DO NOTHING;

-- The salted hash of an address's prefix: an IPv4 address whole (one household, or one
-- carrier NAT), an IPv6 address's /64 (one subscriber's network, whose 2^64 addresses
-- are free to change). NULL for anything that is not an address.
CREATE OR REPLACE FUNCTION public.address_hash(address text) RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  a inet;
  prefix text;
BEGIN
  IF address IS NULL OR btrim(address) = '' THEN
    RETURN NULL;
  END IF;
  BEGIN
    a := btrim(address)::inet;
  EXCEPTION WHEN invalid_text_representation THEN
    RETURN NULL;
  END;
  -- An IPv4 client of a dual-stack socket ("::ffff:127.0.0.2") is that IPv4 address.
  IF family(a) = 6 AND host(a) ~ '^::ffff:[0-9.]+$' THEN
    a := substr(host(a), 8)::inet;
  END IF;
  prefix := CASE family(a) WHEN 4 THEN host(a) ELSE host(network(set_masklen(a, 64))) || '/64' END;
  RETURN encode(sha256(convert_to((SELECT s.salt FROM guida_private.address_salt s) || '|' || prefix, 'UTF8')), 'hex');
END $$;
REVOKE ALL ON FUNCTION public.address_hash(text) FROM PUBLIC, anon, authenticated;

-- Where each resident reported or published from, as hashes, for address_days (30) days.
-- Nobody but the owner reads it: no request role has any privilege on it (service_role
-- neither), and row level security has no policy.
CREATE TABLE IF NOT EXISTS public.resident_addresses (
  user_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  address_hash text NOT NULL CHECK (address_hash ~ '^[0-9a-f]{64}$'),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, address_hash)
);
CREATE INDEX IF NOT EXISTS resident_addresses_hash_idx ON public.resident_addresses (address_hash, user_id);
CREATE INDEX IF NOT EXISTS resident_addresses_seen_idx ON public.resident_addresses (last_seen_at);
ALTER TABLE public.resident_addresses ENABLE ROW LEVEL SECURITY;
REVOKE ALL ON public.resident_addresses FROM PUBLIC, anon, authenticated, service_role;

-- Deletes the hashes older than address_days. Called on every write of a hash and by the
-- server once an hour (LGPD: kept no longer than the rule needs them).
CREATE OR REPLACE FUNCTION public.purge_addresses() RETURNS int
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  purged int;
BEGIN
  DELETE FROM public.resident_addresses
  WHERE last_seen_at < now() - make_interval(days => (SELECT s.address_days FROM public.moderation_settings s));
  GET DIAGNOSTICS purged = ROW_COUNT;
  RETURN purged;
END $$;
REVOKE ALL ON FUNCTION public.purge_addresses() FROM PUBLIC, anon, authenticated;

-- Notes the address of this request (set by Guida's server for the transaction as
-- guida.client_address; a request role cannot set it through the database API) for a
-- resident. Without one (a caller of the database API) nothing is noted, and such a
-- resident's reports weigh half (public.open_report_weight).
CREATE OR REPLACE FUNCTION public.note_address(resident uuid) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  h text := public.address_hash(current_setting('guida.client_address', true));
BEGIN
  IF resident IS NULL OR h IS NULL THEN
    RETURN;
  END IF;
  PERFORM public.purge_addresses();
  INSERT INTO public.resident_addresses AS a (user_id, address_hash) VALUES (resident, h)
  ON CONFLICT (user_id, address_hash) DO UPDATE SET last_seen_at = now();
END $$;
REVOKE ALL ON FUNCTION public.note_address(uuid) FROM PUBLIC, anon, authenticated;

-- Authors' addresses: noted when they publish, so reports from their own address weigh less.
CREATE OR REPLACE FUNCTION public.note_author_address() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  PERFORM public.note_address((to_jsonb(NEW) ->> TG_ARGV[0])::uuid);
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION public.note_author_address() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS posts_note_address ON public.posts;
CREATE TRIGGER posts_note_address AFTER INSERT ON public.posts FOR EACH ROW EXECUTE FUNCTION public.note_author_address('author_id');
DROP TRIGGER IF EXISTS sell_items_note_address ON public.sell_items;
CREATE TRIGGER sell_items_note_address AFTER INSERT ON public.sell_items FOR EACH ROW EXECUTE FUNCTION public.note_author_address('seller_id');
DROP TRIGGER IF EXISTS news_note_address ON public.news;
CREATE TRIGGER news_note_address AFTER INSERT ON public.news FOR EACH ROW EXECUTE FUNCTION public.note_author_address('author_id');

-- ---------------------------------------------------------------- trust levels
-- 0 "nova": no confirmed e-mail (phone-only accounts too), or blocked. Cannot report.
-- 1 "básica": a confirmed e-mail. Reports reach the queue and weigh 0: they hide nothing.
-- 2 "confiável": also trusted_after_days (30) days old and trusted_contributions (3) posts,
--   ads or news that moderation has not hidden. A report weighs
--   1 + 0.25 per upheld report (at most 4 counted) - 0.5 per dismissed one, between 0 and 2.
-- Computed from what no resident can write: auth.users (created_at, email_confirmed_at),
-- hidden state and report outcomes (moderators only).
CREATE OR REPLACE FUNCTION public.trust_of(resident uuid)
RETURNS TABLE (level int, weight numeric, confirmed boolean, has_email boolean, account_days int,
               contributions int, upheld int, dismissed int, trusted_after_days int, trusted_contributions int)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  WITH s AS (SELECT * FROM public.moderation_settings),
  u AS (
    SELECT coalesce(x.email, '') <> '' AS has_email,
           coalesce(x.email, '') <> '' AND x.email_confirmed_at IS NOT NULL AS confirmed,
           floor(extract(epoch FROM now() - x.created_at) / 86400)::int AS account_days,
           EXISTS (SELECT 1 FROM public.resident_blocks b WHERE b.user_id = resident) AS blocked
    FROM auth.users x WHERE x.id = resident
  ),
  c AS (
    SELECT ((SELECT count(*) FROM public.posts p WHERE p.author_id = resident AND p.moderation_state = 'visible')
          + (SELECT count(*) FROM public.sell_items i WHERE i.seller_id = resident AND i.moderation_state = 'visible')
          + (SELECT count(*) FROM public.news n WHERE n.author_id = resident AND n.moderation_state = 'visible'))::int AS n
  ),
  r AS (
    SELECT (count(*) FILTER (WHERE outcome = 'upheld'))::int AS upheld, (count(*) FILTER (WHERE outcome = 'dismissed'))::int AS dismissed
    FROM public.reports WHERE reporter_id = resident AND outcome IS NOT NULL
  ),
  l AS (
    SELECT CASE WHEN NOT u.confirmed OR u.blocked THEN 0
                WHEN u.account_days >= s.trusted_after_days AND c.n >= s.trusted_contributions THEN 2
                ELSE 1 END AS level,
           u.*, c.n, r.upheld, r.dismissed, s.trusted_after_days, s.trusted_contributions
    FROM u, s, c, r
  )
  SELECT l.level,
         CASE WHEN l.level < 2 THEN 0
              ELSE greatest(0, least(2, 1 + 0.25 * least(l.upheld, 4) - 0.5 * l.dismissed)) END::numeric,
         l.confirmed, l.has_email, l.account_days, l.n, l.upheld, l.dismissed, l.trusted_after_days, l.trusted_contributions
  FROM l
$$;
REVOKE ALL ON FUNCTION public.trust_of(uuid) FROM PUBLIC, anon, authenticated;

-- The caller's own trust, for the report page (why a resident may not report yet).
CREATE OR REPLACE FUNCTION public.my_trust()
RETURNS TABLE (level int, weight numeric, confirmed boolean, has_email boolean, account_days int,
               contributions int, upheld int, dismissed int, trusted_after_days int, trusted_contributions int)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT * FROM public.trust_of(auth.uid()) WHERE auth.uid() IS NOT NULL
$$;
REVOKE ALL ON FUNCTION public.my_trust() FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.my_trust() TO authenticated, service_role;

-- ---------------------------------------------------------------- the weight of an item's open reports
-- Each open report weighs its reporter's trust weight,
--   divided by 1 + the other open reporters of the item who share an address with them
--   (n accounts of one address count as one, whoever they are: neighbours behind one
--   carrier NAT keep one voice, sock puppets gain nothing),
--   and halved when the reporter shares an address with the author, or has no address
--   noted (a caller of the database API).
-- Reports of accounts created after the item's last restore or dismissal weigh nothing.
CREATE OR REPLACE FUNCTION public.open_report_weight(kind text, item uuid) RETURNS numeric
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  WITH cleared AS (
    SELECT max(l.created_at) AS at FROM public.moderation_log l
    WHERE l.item_type = kind AND l.item_id = item AND l.action IN ('restore', 'dismiss')
  ),
  open AS (
    SELECT r.reporter_id AS id, (SELECT t.weight FROM public.trust_of(r.reporter_id) t) AS weight
    FROM public.reports r JOIN auth.users u ON u.id = r.reporter_id CROSS JOIN cleared
    WHERE r.item_type = kind AND r.item_id = item AND r.resolved_at IS NULL
      AND (cleared.at IS NULL OR u.created_at < cleared.at)
  )
  SELECT coalesce(sum(
           o.weight
           / (1 + (SELECT count(*) FROM open o2
                   WHERE o2.id <> o.id AND EXISTS (
                     SELECT 1 FROM public.resident_addresses a JOIN public.resident_addresses b ON b.address_hash = a.address_hash
                     WHERE a.user_id = o.id AND b.user_id = o2.id)))
           * CASE WHEN NOT EXISTS (SELECT 1 FROM public.resident_addresses a WHERE a.user_id = o.id) THEN 0.5
                  WHEN EXISTS (SELECT 1 FROM public.resident_addresses a JOIN public.resident_addresses b ON b.address_hash = a.address_hash
                               WHERE a.user_id = o.id AND b.user_id = public.author_of(kind, item) AND b.user_id <> o.id) THEN 0.5
                  ELSE 1 END), 0)::numeric
  FROM open o
$$;
REVOKE ALL ON FUNCTION public.open_report_weight(text, uuid) FROM PUBLIC, anon, authenticated;

-- Reports may hide only residents' posts, ads, news and profiles: a moderator's or an
-- admin's content, a business, a service and a driver wait in the queue for a person.
CREATE OR REPLACE FUNCTION public.may_hide_automatically(kind text, item uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT kind IN ('post', 'sell_item', 'news', 'profile')
     AND NOT EXISTS (SELECT 1 FROM public.user_roles r WHERE r.user_id = public.author_of(kind, item))
$$;
REVOKE ALL ON FUNCTION public.may_hide_automatically(text, uuid) FROM PUBLIC, anon, authenticated;

-- For the queue: the weight of an item's open reports, to moderators only (NULL otherwise).
CREATE OR REPLACE FUNCTION public.report_weight(kind text, item uuid) RETURNS numeric
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT CASE WHEN public.is_moderator() THEN public.open_report_weight(kind, item) END
$$;
REVOKE ALL ON FUNCTION public.report_weight(text, uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.report_weight(text, uuid) TO authenticated, service_role;

-- ---------------------------------------------------------------- before a report
-- Says why a report is refused, before row level security's generic refusal would:
-- the item is already hidden (the reporter no longer sees it), or the reporter's trust
-- level cannot report yet. A blocked resident is left to the policies (their own answer).
CREATE OR REPLACE FUNCTION public.item_state(kind text, item uuid) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT CASE kind
    WHEN 'post' THEN (SELECT moderation_state FROM public.posts WHERE id = item)
    WHEN 'sell_item' THEN (SELECT moderation_state FROM public.sell_items WHERE id = item)
    WHEN 'news' THEN (SELECT moderation_state FROM public.news WHERE id = item)
    WHEN 'business' THEN (SELECT moderation_state FROM public.businesses WHERE id = item)
    WHEN 'service' THEN (SELECT moderation_state FROM public.services WHERE id = item)
    WHEN 'driver' THEN (SELECT moderation_state FROM public.drivers WHERE id = item)
    WHEN 'profile' THEN (SELECT moderation_state FROM public.profiles WHERE id = item)
  END
$$;
REVOKE ALL ON FUNCTION public.item_state(text, uuid) FROM PUBLIC, anon, authenticated;

-- For the report form: whether an item a resident can no longer see was hidden (rather than
-- deleted), so the page says "já foi ocultado" (the report itself would say so too).
CREATE OR REPLACE FUNCTION public.item_is_hidden(kind text, item uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT auth.uid() IS NOT NULL AND public.item_state(kind, item) IS NOT DISTINCT FROM 'hidden'
$$;
REVOKE ALL ON FUNCTION public.item_is_hidden(text, uuid) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.item_is_hidden(text, uuid) TO authenticated, service_role;

CREATE OR REPLACE FUNCTION public.reports_check_reporter() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF public.is_blocked() OR NEW.reporter_id IS DISTINCT FROM auth.uid() THEN
    RETURN NEW;
  END IF;
  IF public.item_state(NEW.item_type, NEW.item_id) = 'hidden'
     AND public.author_of(NEW.item_type, NEW.item_id) IS DISTINCT FROM NEW.reporter_id AND NOT public.is_moderator() THEN
    RAISE EXCEPTION 'this item is already hidden' USING ERRCODE = 'check_violation', CONSTRAINT = 'report_item_hidden';
  END IF;
  IF (SELECT t.level FROM public.trust_of(NEW.reporter_id) t) < 1 THEN
    RAISE EXCEPTION 'trust level too low to report' USING ERRCODE = 'check_violation', CONSTRAINT = 'report_trust_level';
  END IF;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.reports_check_reporter() FROM PUBLIC, anon, authenticated;
-- Named to fire before reports_rate_limit (BEFORE triggers fire in name order).
DROP TRIGGER IF EXISTS reports_check_reporter ON public.reports;
CREATE TRIGGER reports_check_reporter BEFORE INSERT ON public.reports
  FOR EACH ROW EXECUTE FUNCTION public.reports_check_reporter();

-- After a report: the reporter's address is noted, and the item is hidden when its open
-- reports weigh reports_to_hide (3) and reports may hide it.
CREATE OR REPLACE FUNCTION public.hide_after_reports() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  PERFORM public.note_address(NEW.reporter_id);
  IF public.may_hide_automatically(NEW.item_type, NEW.item_id)
     AND public.open_report_weight(NEW.item_type, NEW.item_id) >= (SELECT s.reports_to_hide FROM public.moderation_settings s) THEN
    PERFORM public.set_moderation_state(NEW.item_type, NEW.item_id, 'hidden');
  END IF;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.hide_after_reports() FROM PUBLIC, anon, authenticated;

-- ---------------------------------------------------------------- moderators' decisions reach the reporters
-- A service's notification opens the service itself (it has its own page now).
CREATE OR REPLACE FUNCTION public.item_link(kind text, item uuid) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT CASE kind
    WHEN 'post' THEN '/posts/' || item
    WHEN 'sell_item' THEN '/sell-items/' || item
    WHEN 'news' THEN '/news/' || item
    WHEN 'business' THEN '/business/' || item
    WHEN 'service' THEN '/service/' || item
    WHEN 'driver' THEN '/driver/' || item
    WHEN 'profile' THEN '/user/' || item
  END
$$;

CREATE OR REPLACE FUNCTION public.item_title(kind text, item uuid) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT left(CASE kind
    WHEN 'post' THEN (SELECT content FROM public.posts WHERE id = item)
    WHEN 'sell_item' THEN (SELECT title FROM public.sell_items WHERE id = item)
    WHEN 'news' THEN (SELECT title FROM public.news WHERE id = item)
    WHEN 'business' THEN (SELECT name FROM public.businesses WHERE id = item)
    WHEN 'service' THEN (SELECT name FROM public.services WHERE id = item)
    WHEN 'driver' THEN (SELECT name FROM public.drivers WHERE id = item)
    WHEN 'profile' THEN (SELECT full_name FROM public.profiles WHERE id = item)
  END, 80)
$$;
REVOKE ALL ON FUNCTION public.item_title(text, uuid) FROM PUBLIC, anon, authenticated;

-- hide, restore, dismiss, block (as in 20261125000300_moderation.sql), now also recording
-- each closed report's outcome (what the reporters' trust weight learns from) and telling
-- each reporter what was decided.
CREATE OR REPLACE FUNCTION public.moderate(kind text, item uuid, action text, note text DEFAULT '') RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  me uuid := public.require_moderator();
  author uuid := public.author_of(kind, item);
  upheld boolean := action IN ('hide', 'block');
  title text;
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
  PERFORM public.set_moderation_state(kind, item, CASE WHEN upheld THEN 'hidden' ELSE 'visible' END);
  title := public.item_title(kind, item);
  WITH closed AS (
    UPDATE public.reports SET resolved_at = now(), outcome = CASE WHEN upheld THEN 'upheld' ELSE 'dismissed' END
    WHERE item_type = kind AND item_id = item AND resolved_at IS NULL
    RETURNING reporter_id
  )
  INSERT INTO public.notifications (user_id, kind, title, body, link)
  SELECT DISTINCT c.reporter_id, 'moderation', 'A moderação analisou sua denúncia',
         'A moderação analisou sua denúncia sobre “' || coalesce(title, '') || '”'
           || CASE WHEN upheld THEN ' e ocultou o conteúdo. Obrigado por ajudar a cuidar da cidade.'
                   ELSE ' e decidiu mantê-lo no ar. Obrigado por avisar.' END,
         CASE WHEN upheld THEN NULL ELSE public.item_link(kind, item) END
  FROM closed c;
  INSERT INTO public.moderation_log (moderator_id, action, item_type, item_id, subject_id, note)
  VALUES (me, action, kind, item, author, left(coalesce(note, ''), 500));
END $$;
REVOKE ALL ON FUNCTION public.moderate(text, uuid, text, text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.moderate(text, uuid, text, text) TO authenticated, service_role;
