-- Notifications link to the item's own page (/posts/{id}, /sell-items/{id}) rather than
-- an anchor in a paginated list.
CREATE OR REPLACE FUNCTION public.notify_favorite() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  owner uuid;
  fan text;
  link text;
BEGIN
  IF NEW.item_type = 'sell_item' THEN
    SELECT seller_id INTO owner FROM public.sell_items WHERE id = NEW.item_id;
    link := '/sell-items/' || NEW.item_id;
  ELSIF NEW.item_type = 'post' THEN
    SELECT author_id INTO owner FROM public.posts WHERE id = NEW.item_id;
    link := '/posts/' || NEW.item_id;
  ELSE
    RETURN NEW;
  END IF;
  IF owner IS NULL OR owner = NEW.user_id THEN
    RETURN NEW;
  END IF;
  SELECT full_name INTO fan FROM public.profiles WHERE id = NEW.user_id;
  INSERT INTO public.notifications (user_id, kind, title, body, link)
  VALUES (owner, 'favorite', coalesce(fan, 'Alguém') || ' favoritou sua publicação',
          coalesce(NEW.title, left(NEW.content, 120), ''), link);
  RETURN NEW;
END $$;

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
  VALUES (author, 'vote', coalesce(voter, 'Alguém') || ' votou na sua enquete', q, '/posts/' || post);
  RETURN NEW;
END $$;
