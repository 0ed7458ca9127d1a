-- An event held at a listed business keeps a place when the business is deleted. The foreign
-- key sets business_id to NULL, and an event placed by its business alone (address '') then
-- broke events_place: deleting such a business failed (city-scale.test deletes three
-- businesses and failed whenever one of them hosted a demo event). Before the row goes, its
-- events take the business's address, or its name where it had none, as their place.
CREATE OR REPLACE FUNCTION public.events_keep_place()
RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  UPDATE public.events
     SET address = left(CASE WHEN btrim(OLD.address) <> '' THEN OLD.name || ', ' || OLD.address ELSE OLD.name END, 200)
   WHERE business_id = OLD.id AND btrim(address) = '';
  RETURN OLD;
END $$;
REVOKE ALL ON FUNCTION public.events_keep_place() FROM PUBLIC, anon, authenticated;

DROP TRIGGER IF EXISTS businesses_events_keep_place ON public.businesses;
CREATE TRIGGER businesses_events_keep_place BEFORE DELETE ON public.businesses
  FOR EACH ROW EXECUTE FUNCTION public.events_keep_place();
