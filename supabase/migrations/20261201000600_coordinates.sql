-- Issue #33: where each listing is. Plain latitude/longitude columns (degrees, WGS 84) on
-- businesses, services and drivers (a driver's base), and on listing proposals so a proposer
-- places the listing before a moderator approves it. PostGIS is not available on PGlite; a GiST
-- index over the expression point(longitude, latitude) serves "inside this box", which is what
-- the "perto de mim" lists ask first (docs/decisions/0009-coordinates-plain-columns.md).
-- Both or neither: a listing is on the map or it is not.

ALTER TABLE public.businesses ADD COLUMN IF NOT EXISTS latitude double precision;
ALTER TABLE public.businesses ADD COLUMN IF NOT EXISTS longitude double precision;
ALTER TABLE public.businesses DROP CONSTRAINT IF EXISTS businesses_position_check;
ALTER TABLE public.businesses ADD CONSTRAINT businesses_position_check
  CHECK ((latitude IS NULL) = (longitude IS NULL) AND latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180);
CREATE INDEX IF NOT EXISTS businesses_position_idx ON public.businesses USING gist (point(longitude, latitude));

ALTER TABLE public.services ADD COLUMN IF NOT EXISTS latitude double precision;
ALTER TABLE public.services ADD COLUMN IF NOT EXISTS longitude double precision;
ALTER TABLE public.services DROP CONSTRAINT IF EXISTS services_position_check;
ALTER TABLE public.services ADD CONSTRAINT services_position_check
  CHECK ((latitude IS NULL) = (longitude IS NULL) AND latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180);
CREATE INDEX IF NOT EXISTS services_position_idx ON public.services USING gist (point(longitude, latitude));

ALTER TABLE public.drivers ADD COLUMN IF NOT EXISTS latitude double precision;
ALTER TABLE public.drivers ADD COLUMN IF NOT EXISTS longitude double precision;
ALTER TABLE public.drivers DROP CONSTRAINT IF EXISTS drivers_position_check;
ALTER TABLE public.drivers ADD CONSTRAINT drivers_position_check
  CHECK ((latitude IS NULL) = (longitude IS NULL) AND latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180);
CREATE INDEX IF NOT EXISTS drivers_position_idx ON public.drivers USING gist (point(longitude, latitude));

ALTER TABLE public.listing_proposals ADD COLUMN IF NOT EXISTS latitude double precision;
ALTER TABLE public.listing_proposals ADD COLUMN IF NOT EXISTS longitude double precision;
ALTER TABLE public.listing_proposals DROP CONSTRAINT IF EXISTS listing_proposals_position_check;
ALTER TABLE public.listing_proposals ADD CONSTRAINT listing_proposals_position_check
  CHECK ((latitude IS NULL) = (longitude IS NULL) AND latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180);

-- The approved owner moves their business's pin (/business/{id}/editar; businesses_update_own
-- limits it to their row); a proposer places the listing they propose. Services' and drivers'
-- coordinates come only from their approved proposal (nobody updates those rows directly).
GRANT UPDATE (latitude, longitude) ON public.businesses TO authenticated;
GRANT INSERT (latitude, longitude) ON public.listing_proposals TO authenticated;

-- Approving a proposal carries its pin over (otherwise unchanged from 20261125000300_moderation.sql).
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
      INSERT INTO public.businesses (owner_id, name, category, description, address, neighbourhood, phone, whatsapp, latitude, longitude)
      VALUES (p.proposer_id, p.name, p.category, p.description, p.address, p.neighbourhood, p.phone, p.whatsapp, p.latitude, p.longitude)
      RETURNING id INTO created;
    ELSIF p.kind = 'service' THEN
      INSERT INTO public.services (owner_id, name, category, description, neighbourhood, phone, whatsapp, latitude, longitude)
      VALUES (p.proposer_id, p.name, p.category, p.description, p.neighbourhood, p.phone, p.whatsapp, p.latitude, p.longitude)
      RETURNING id INTO created;
    ELSE
      INSERT INTO public.drivers (owner_id, name, vehicle_kind, bio, areas, phone, whatsapp, latitude, longitude)
      VALUES (p.proposer_id, p.name, p.category, p.description,
              CASE WHEN p.neighbourhood = '' THEN '{}'::text[] ELSE ARRAY[p.neighbourhood] END, p.phone, p.whatsapp,
              p.latitude, p.longitude)
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
REVOKE ALL ON FUNCTION public.review_proposal(uuid, boolean, text) FROM PUBLIC, anon;
GRANT EXECUTE ON FUNCTION public.review_proposal(uuid, boolean, text) TO authenticated, service_role;
