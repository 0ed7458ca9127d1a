-- Issue #30: comments on posts and news. As everywhere in Guida the database is the
-- authority (PostgREST exposes public.comments to every token): who may read, write, edit
-- and delete a comment, the one level of replies, the 15-minute edit window, the rate per
-- resident by trust level, the grouped notifications and the lists' counters are all here.
-- Idempotent: it can run again unchanged (on Supabase, PGlite and plain PostgreSQL).

-- ---------------------------------------------------------------- the table
-- A comment belongs to exactly one post or one news article (two foreign keys, so deleting
-- the item takes its comments along); item_id is whichever it is, for the thread's index and
-- the change channel. parent_id: the top-level comment a reply hangs on (one level only).
-- A removed comment that has replies stays as a row with deleted_at set and no text
-- ("comentário removido"), so its replies keep their place.
CREATE TABLE IF NOT EXISTS public.comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  post_id uuid REFERENCES public.posts (id) ON DELETE CASCADE,
  news_id uuid REFERENCES public.news (id) ON DELETE CASCADE,
  item_id uuid GENERATED ALWAYS AS (coalesce(post_id, news_id)) STORED,
  parent_id uuid REFERENCES public.comments (id) ON DELETE CASCADE,
  author_id uuid NOT NULL REFERENCES public.profiles (id) ON DELETE CASCADE,
  body text NOT NULL,
  moderation_state text NOT NULL DEFAULT 'visible' CHECK (moderation_state IN ('visible', 'hidden')),
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz,
  deleted_at timestamptz,
  CONSTRAINT comments_one_item CHECK (num_nonnulls(post_id, news_id) = 1),
  CONSTRAINT comments_body_length CHECK (
    (deleted_at IS NOT NULL AND body = '') OR (deleted_at IS NULL AND char_length(btrim(body)) BETWEEN 1 AND 2000))
);
-- The thread, oldest first (keyset pages of top-level comments), and each comment's replies.
CREATE INDEX IF NOT EXISTS comments_thread_idx ON public.comments (item_id, created_at, id) WHERE parent_id IS NULL;
CREATE INDEX IF NOT EXISTS comments_replies_idx ON public.comments (parent_id, created_at, id) WHERE parent_id IS NOT NULL;
-- The rate per resident, and a profile's deletion.
CREATE INDEX IF NOT EXISTS comments_author_idx ON public.comments (author_id, created_at DESC);

-- The lists' counters: visible, not removed comments (replies included), kept by a trigger
-- so /posts and /news never count per row.
ALTER TABLE public.posts ADD COLUMN IF NOT EXISTS comment_count int NOT NULL DEFAULT 0 CHECK (comment_count >= 0);
ALTER TABLE public.news ADD COLUMN IF NOT EXISTS comment_count int NOT NULL DEFAULT 0 CHECK (comment_count >= 0);

-- A counter moving is not an edit of the post: updated_at stays.
CREATE OR REPLACE FUNCTION public.touch_updated_at_unless_counter() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF (to_jsonb(NEW) - 'comment_count' - 'updated_at') = (to_jsonb(OLD) - 'comment_count' - 'updated_at') THEN
    RETURN NEW;
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS posts_touch ON public.posts;
CREATE TRIGGER posts_touch BEFORE UPDATE ON public.posts FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at_unless_counter();
DROP TRIGGER IF EXISTS news_touch ON public.news;
CREATE TRIGGER news_touch BEFORE UPDATE ON public.news FOR EACH ROW EXECUTE FUNCTION public.touch_updated_at_unless_counter();

-- ---------------------------------------------------------------- before a comment
-- Limits per resident, by trust level (public.trust_of, 20261128000200_trust.sql), in the
-- moderation settings (the operator's SQL; the tests raise them):
--   level 0 ("nova": a phone-only account, no confirmed e-mail) may comment, slowly:
--     3 comments an hour; a blocked resident is level 0 too but is refused by the policies;
--   level 1 and 2: 10 comments in 10 minutes.
ALTER TABLE public.moderation_settings
  ADD COLUMN IF NOT EXISTS comments_per_10_minutes int NOT NULL DEFAULT 10 CHECK (comments_per_10_minutes BETWEEN 1 AND 10000),
  ADD COLUMN IF NOT EXISTS new_account_comments_per_hour int NOT NULL DEFAULT 3 CHECK (new_account_comments_per_hour BETWEEN 0 AND 10000);
-- A reply hangs on a top-level comment of the same item that is not removed.
CREATE OR REPLACE FUNCTION public.comments_check() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  parent public.comments;
  level int;
  -- RATE_LIMIT_SCALE of Guida's server (the browser and hostile-input tests raise it), set
  -- for the transaction as guida.rate_limit_scale; a database API caller cannot set it.
  scale numeric := greatest(1, coalesce(nullif(current_setting('guida.rate_limit_scale', true), '')::numeric, 1));
BEGIN
  IF NEW.parent_id IS NOT NULL THEN
    SELECT * INTO parent FROM public.comments c WHERE c.id = NEW.parent_id;
    IF NOT FOUND OR parent.parent_id IS NOT NULL OR parent.deleted_at IS NOT NULL
       OR parent.item_id IS DISTINCT FROM coalesce(NEW.post_id, NEW.news_id) THEN
      RAISE EXCEPTION 'a reply hangs on a top-level comment of the same item' USING ERRCODE = 'check_violation', CONSTRAINT = 'comments_parent';
    END IF;
  END IF;
  -- The database API and the app alike; the seed (no claims) is not a resident writing.
  IF auth.uid() IS NULL OR NEW.author_id IS DISTINCT FROM auth.uid() OR public.is_blocked() THEN
    RETURN NEW;
  END IF;
  level := (SELECT t.level FROM public.trust_of(NEW.author_id) t);
  IF coalesce(level, 0) < 1 THEN
    IF (SELECT count(*) FROM public.comments c WHERE c.author_id = NEW.author_id AND c.created_at > now() - interval '1 hour')
       >= (SELECT s.new_account_comments_per_hour FROM public.moderation_settings s) * scale THEN
      RAISE EXCEPTION 'too many comments for a new account' USING ERRCODE = 'check_violation', CONSTRAINT = 'comments_rate_limit_new';
    END IF;
  ELSIF (SELECT count(*) FROM public.comments c WHERE c.author_id = NEW.author_id AND c.created_at > now() - interval '10 minutes')
        >= (SELECT s.comments_per_10_minutes FROM public.moderation_settings s) * scale THEN
    RAISE EXCEPTION 'too many comments in 10 minutes' USING ERRCODE = 'check_violation', CONSTRAINT = 'comments_rate_limit';
  END IF;
  RETURN NEW;
END $$;
REVOKE ALL ON FUNCTION public.comments_check() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS comments_check ON public.comments;
CREATE TRIGGER comments_check BEFORE INSERT ON public.comments FOR EACH ROW EXECUTE FUNCTION public.comments_check();

-- ---------------------------------------------------------------- editing and removing
-- The text may change for 15 minutes after writing (then edited_at marks it "editado");
-- removing (deleted_at) empties it at the database's time and is final. Moderation changes
-- moderation_state only, which neither rule touches.
CREATE OR REPLACE FUNCTION public.comments_guard() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF NEW.body IS NOT DISTINCT FROM OLD.body AND NEW.deleted_at IS NOT DISTINCT FROM OLD.deleted_at THEN
    RETURN NEW;
  END IF;
  IF OLD.deleted_at IS NOT NULL THEN
    RAISE EXCEPTION 'this comment was removed' USING ERRCODE = 'check_violation', CONSTRAINT = 'comments_removed';
  END IF;
  IF NEW.deleted_at IS NOT NULL THEN
    NEW.deleted_at := now();
    NEW.body := '';
    RETURN NEW;
  END IF;
  IF now() > OLD.created_at + interval '15 minutes' THEN
    RAISE EXCEPTION 'the edit window of this comment has closed' USING ERRCODE = 'check_violation', CONSTRAINT = 'comments_edit_window';
  END IF;
  NEW.edited_at := now();
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS comments_guard ON public.comments;
CREATE TRIGGER comments_guard BEFORE UPDATE ON public.comments FOR EACH ROW EXECUTE FUNCTION public.comments_guard();

-- ---------------------------------------------------------------- the counters
CREATE OR REPLACE FUNCTION public.comments_count() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  was int := 0;
  now_counted int := 0;
  post uuid;
  article uuid;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.moderation_state = 'visible' AND OLD.deleted_at IS NULL THEN
    was := 1;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.moderation_state = 'visible' AND NEW.deleted_at IS NULL THEN
    now_counted := 1;
  END IF;
  IF was = now_counted THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    post := OLD.post_id; article := OLD.news_id;
  ELSE
    post := NEW.post_id; article := NEW.news_id;
  END IF;
  -- greatest(): an item whose deletion cascades here is already gone (no row to update).
  UPDATE public.posts SET comment_count = greatest(0, comment_count + now_counted - was) WHERE id = post;
  UPDATE public.news SET comment_count = greatest(0, comment_count + now_counted - was) WHERE id = article;
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION public.comments_count() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS comments_count ON public.comments;
CREATE TRIGGER comments_count AFTER INSERT OR DELETE OR UPDATE OF moderation_state, deleted_at ON public.comments
  FOR EACH ROW EXECUTE FUNCTION public.comments_count();

-- ---------------------------------------------------------------- grouped notifications
-- One unread notification per resident and thread: the next comment before they read it
-- counts on it ("3 novos comentários no seu post") instead of adding a line.
ALTER TABLE public.notifications ADD COLUMN IF NOT EXISTS group_key text;
ALTER TABLE public.notifications ADD COLUMN IF NOT EXISTS group_count int NOT NULL DEFAULT 1 CHECK (group_count >= 1);
CREATE UNIQUE INDEX IF NOT EXISTS notifications_group_idx ON public.notifications (user_id, group_key)
  WHERE read_at IS NULL AND group_key IS NOT NULL;
ALTER TABLE public.notifications DROP CONSTRAINT IF EXISTS notifications_kind_check;
ALTER TABLE public.notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('welcome', 'favorite', 'vote', 'moderation', 'comment'));

-- Where a comment is read: its item's page, at the page of the thread holding it. Asked as
-- the caller (SECURITY INVOKER): a comment they may not read has no link for them (the
-- moderation queue and the report form ask it; the triggers ask as the database's owner).
CREATE OR REPLACE FUNCTION public.comment_link(comment uuid) RETURNS text
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT CASE WHEN c.post_id IS NOT NULL THEN '/posts/' || c.post_id ELSE '/news/' || c.news_id END
         || '?comentario=' || c.id || '#comentario-' || c.id
  FROM public.comments c WHERE c.id = comment
$$;

CREATE OR REPLACE FUNCTION public.notify_comment(resident uuid, key text, one text, many text, body text, link text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = '' AS $$
  INSERT INTO public.notifications AS n (user_id, kind, title, body, link, group_key)
  VALUES (resident, 'comment', one, body, link, key)
  ON CONFLICT (user_id, group_key) WHERE read_at IS NULL AND group_key IS NOT NULL
  DO UPDATE SET group_count = n.group_count + 1,
                title = replace(many, '{n}', (n.group_count + 1)::text),
                body = EXCLUDED.body, link = EXCLUDED.link, created_at = now()
$$;
REVOKE ALL ON FUNCTION public.notify_comment(uuid, text, text, text, text, text) FROM PUBLIC, anon, authenticated;

-- The item's author hears of every comment on it, the replied-to resident of every reply to
-- theirs; nobody hears of their own, and an author replied to on their own item hears once.
CREATE OR REPLACE FUNCTION public.comments_notify() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  kind text := CASE WHEN NEW.post_id IS NOT NULL THEN 'post' ELSE 'news' END;
  item_author uuid := public.author_of(kind, NEW.item_id);
  parent_author uuid := (SELECT c.author_id FROM public.comments c WHERE c.id = NEW.parent_id);
  writer text := coalesce((SELECT p.full_name FROM public.profiles p WHERE p.id = NEW.author_id), 'Alguém');
  body text := writer || ': “' || left(NEW.body, 120) || CASE WHEN char_length(NEW.body) > 120 THEN '…”' ELSE '”' END;
  link text := public.comment_link(NEW.id);
BEGIN
  IF parent_author IS NOT NULL AND parent_author <> NEW.author_id THEN
    PERFORM public.notify_comment(parent_author, 'reply:' || NEW.parent_id, 'Nova resposta ao seu comentário',
                                  '{n} novas respostas ao seu comentário', body, link);
  END IF;
  IF item_author IS NOT NULL AND item_author <> NEW.author_id AND item_author IS DISTINCT FROM parent_author THEN
    PERFORM public.notify_comment(item_author, 'comments:' || NEW.item_id,
                                  CASE kind WHEN 'post' THEN 'Novo comentário no seu post' ELSE 'Novo comentário na sua notícia' END,
                                  CASE kind WHEN 'post' THEN '{n} novos comentários no seu post' ELSE '{n} novos comentários na sua notícia' END,
                                  body, link);
  END IF;
  RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION public.comments_notify() FROM PUBLIC, anon, authenticated;
DROP TRIGGER IF EXISTS comments_notify ON public.comments;
CREATE TRIGGER comments_notify AFTER INSERT ON public.comments FOR EACH ROW EXECUTE FUNCTION public.comments_notify();

-- ---------------------------------------------------------------- row level security
ALTER TABLE public.comments ENABLE ROW LEVEL SECURITY;

-- Everyone reads visible comments of items they may read (the item's own policies answer:
-- a hidden post's thread is hidden with it); a resident also reads their own (a hidden one
-- marked for them); moderators read everything.
DROP POLICY IF EXISTS comments_read ON public.comments;
DROP POLICY IF EXISTS comments_read_own ON public.comments;
DROP POLICY IF EXISTS comments_read_moderator ON public.comments;
CREATE POLICY comments_read ON public.comments FOR SELECT USING (
  moderation_state = 'visible'
  AND (post_id IS NULL OR EXISTS (SELECT 1 FROM public.posts p WHERE p.id = post_id))
  AND (news_id IS NULL OR EXISTS (SELECT 1 FROM public.news n WHERE n.id = news_id)));
CREATE POLICY comments_read_own ON public.comments FOR SELECT TO authenticated USING (author_id = (SELECT auth.uid()));
CREATE POLICY comments_read_moderator ON public.comments FOR SELECT TO authenticated USING ((SELECT public.is_moderator()));

-- Written as oneself, on an item one may read; edited and removed by their author only.
DROP POLICY IF EXISTS comments_insert_own ON public.comments;
DROP POLICY IF EXISTS comments_update_own ON public.comments;
DROP POLICY IF EXISTS comments_delete_own ON public.comments;
CREATE POLICY comments_insert_own ON public.comments FOR INSERT TO authenticated WITH CHECK (
  author_id = (SELECT auth.uid())
  AND (post_id IS NULL OR EXISTS (SELECT 1 FROM public.posts p WHERE p.id = post_id))
  AND (news_id IS NULL OR EXISTS (SELECT 1 FROM public.news n WHERE n.id = news_id)));
CREATE POLICY comments_update_own ON public.comments FOR UPDATE TO authenticated
  USING (author_id = (SELECT auth.uid())) WITH CHECK (author_id = (SELECT auth.uid()));
CREATE POLICY comments_delete_own ON public.comments FOR DELETE TO authenticated USING (author_id = (SELECT auth.uid()));

-- A blocked resident publishes nothing (20261125000300_moderation.sql): no comment, no edit.
-- WITH CHECK on the update too, so the refusal is 42501 (the app's 403) rather than no row.
DROP POLICY IF EXISTS comments_not_blocked_insert ON public.comments;
DROP POLICY IF EXISTS comments_not_blocked_update ON public.comments;
CREATE POLICY comments_not_blocked_insert ON public.comments AS RESTRICTIVE FOR INSERT TO authenticated
  WITH CHECK (NOT (SELECT public.is_blocked()));
CREATE POLICY comments_not_blocked_update ON public.comments AS RESTRICTIVE FOR UPDATE TO authenticated
  USING (true) WITH CHECK (NOT (SELECT public.is_blocked()));

REVOKE ALL ON public.comments FROM anon, authenticated;
GRANT SELECT ON public.comments TO anon, authenticated;
GRANT INSERT (post_id, news_id, parent_id, author_id, body) ON public.comments TO authenticated;
GRANT UPDATE (body, deleted_at) ON public.comments TO authenticated;
GRANT DELETE ON public.comments TO authenticated;
GRANT ALL ON public.comments TO service_role;

-- The change channel (docs/caching.md): a comment names its item (the post's or article's
-- id), so it drops that item's thread and page only; the counter's UPDATE of the item
-- announces the item itself, which the lists follow.
CREATE OR REPLACE TRIGGER announce_change AFTER INSERT OR UPDATE OR DELETE ON public.comments
  FOR EACH ROW EXECUTE FUNCTION public.announce_change('comment', 'item_id', 'author_id');

-- ---------------------------------------------------------------- moderation: comments are reportable
ALTER TABLE public.reports DROP CONSTRAINT IF EXISTS reports_item_type_check;
ALTER TABLE public.reports ADD CONSTRAINT reports_item_type_check
  CHECK (item_type IN ('post', 'sell_item', 'news', 'profile', 'business', 'service', 'driver', 'comment'));

CREATE OR REPLACE FUNCTION public.item_is_visible(kind text, item uuid) RETURNS boolean
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT CASE kind
    WHEN 'post' THEN EXISTS (SELECT 1 FROM public.posts x WHERE x.id = item)
    WHEN 'sell_item' THEN EXISTS (SELECT 1 FROM public.sell_items x WHERE x.id = item)
    WHEN 'news' THEN EXISTS (SELECT 1 FROM public.news x WHERE x.id = item)
    WHEN 'business' THEN EXISTS (SELECT 1 FROM public.businesses x WHERE x.id = item)
    WHEN 'service' THEN EXISTS (SELECT 1 FROM public.services x WHERE x.id = item)
    WHEN 'driver' THEN EXISTS (SELECT 1 FROM public.drivers x WHERE x.id = item)
    WHEN 'comment' THEN EXISTS (SELECT 1 FROM public.comments x WHERE x.id = item AND x.deleted_at IS NULL)
    WHEN 'profile' THEN EXISTS (SELECT 1 FROM public.profiles x WHERE x.id = item
                                AND (x.moderation_state = 'visible' OR x.id = auth.uid() OR public.is_moderator()))
    ELSE false
  END
$$;

CREATE OR REPLACE FUNCTION public.author_of(kind text, item uuid) RETURNS uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT CASE kind
    WHEN 'post' THEN (SELECT author_id FROM public.posts WHERE id = item)
    WHEN 'sell_item' THEN (SELECT seller_id FROM public.sell_items WHERE id = item)
    WHEN 'news' THEN (SELECT author_id FROM public.news WHERE id = item)
    WHEN 'business' THEN (SELECT owner_id FROM public.businesses WHERE id = item)
    WHEN 'service' THEN (SELECT owner_id FROM public.services WHERE id = item)
    WHEN 'driver' THEN (SELECT owner_id FROM public.drivers WHERE id = item)
    WHEN 'comment' THEN (SELECT author_id FROM public.comments WHERE id = item)
    WHEN 'profile' THEN (SELECT id FROM public.profiles WHERE id = item)
  END
$$;

CREATE OR REPLACE FUNCTION public.item_exists(kind text, item uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT CASE kind
    WHEN 'post' THEN EXISTS (SELECT 1 FROM public.posts WHERE id = item)
    WHEN 'sell_item' THEN EXISTS (SELECT 1 FROM public.sell_items WHERE id = item)
    WHEN 'news' THEN EXISTS (SELECT 1 FROM public.news WHERE id = item)
    WHEN 'business' THEN EXISTS (SELECT 1 FROM public.businesses WHERE id = item)
    WHEN 'service' THEN EXISTS (SELECT 1 FROM public.services WHERE id = item)
    WHEN 'driver' THEN EXISTS (SELECT 1 FROM public.drivers WHERE id = item)
    WHEN 'comment' THEN EXISTS (SELECT 1 FROM public.comments WHERE id = item)
    WHEN 'profile' THEN EXISTS (SELECT 1 FROM public.profiles WHERE id = item)
    ELSE false
  END
$$;

CREATE OR REPLACE FUNCTION public.item_state(kind text, item uuid) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT CASE kind
    WHEN 'post' THEN (SELECT moderation_state FROM public.posts WHERE id = item)
    WHEN 'sell_item' THEN (SELECT moderation_state FROM public.sell_items WHERE id = item)
    WHEN 'news' THEN (SELECT moderation_state FROM public.news WHERE id = item)
    WHEN 'business' THEN (SELECT moderation_state FROM public.businesses WHERE id = item)
    WHEN 'service' THEN (SELECT moderation_state FROM public.services WHERE id = item)
    WHEN 'driver' THEN (SELECT moderation_state FROM public.drivers WHERE id = item)
    WHEN 'comment' THEN (SELECT moderation_state FROM public.comments WHERE id = item)
    WHEN 'profile' THEN (SELECT moderation_state FROM public.profiles WHERE id = item)
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
    WHEN 'comment' THEN (SELECT body FROM public.comments WHERE id = item)
    WHEN 'profile' THEN (SELECT full_name FROM public.profiles WHERE id = item)
  END, 80)
$$;

-- A comment's link needs its item: read through comment_link (no longer IMMUTABLE).
CREATE OR REPLACE FUNCTION public.item_link(kind text, item uuid) RETURNS text
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT CASE kind
    WHEN 'post' THEN '/posts/' || item
    WHEN 'sell_item' THEN '/sell-items/' || item
    WHEN 'news' THEN '/news/' || item
    WHEN 'business' THEN '/business/' || item
    WHEN 'service' THEN '/service/' || item
    WHEN 'driver' THEN '/driver/' || item
    WHEN 'profile' THEN '/user/' || item
    WHEN 'comment' THEN public.comment_link(item)
  END
$$;

-- Reports may hide residents' comments as they hide their posts (not staff's).
CREATE OR REPLACE FUNCTION public.may_hide_automatically(kind text, item uuid) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT kind IN ('post', 'sell_item', 'news', 'profile', 'comment')
     AND NOT EXISTS (SELECT 1 FROM public.user_roles r WHERE r.user_id = public.author_of(kind, item))
$$;

CREATE OR REPLACE FUNCTION public.set_moderation_state(kind text, item uuid, state text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  tables constant jsonb := '{"post":"posts","sell_item":"sell_items","news":"news","business":"businesses",
                             "service":"services","driver":"drivers","profile":"profiles","comment":"comments"}';
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

CREATE INDEX IF NOT EXISTS comments_hidden_idx ON public.comments (id) WHERE moderation_state <> 'visible';
