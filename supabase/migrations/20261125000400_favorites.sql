-- Favorites of every kind read well on /favorites (issue #16): a driver's favorite keeps its
-- service areas joined by ", " (the page shows the first and how many more), not joined by
-- spaces into one run-on line nobody can split again ("Jardim das Flores Centro Vila Nova").
-- The rest of favorite_source is unchanged. Idempotent: CREATE OR REPLACE keeps the grants,
-- and the update only touches rows that still differ.

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
  SELECT d.name, d.vehicle_description, NULL::numeric, d.photo_url, NULL::text, d.created_at, pg_catalog.array_to_string(d.areas, ', '),
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

UPDATE public.user_favorites f
SET location = pg_catalog.array_to_string(d.areas, ', ')
FROM public.drivers d
WHERE f.item_type = 'driver' AND f.item_id = d.id
  AND f.location IS DISTINCT FROM pg_catalog.array_to_string(d.areas, ', ');
