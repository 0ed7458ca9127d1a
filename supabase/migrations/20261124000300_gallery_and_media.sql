-- A business's gallery holds at most 12 photos (MAX_GALLERY_IMAGES in
-- server/models/business-images.ts). Counting in the application let two uploads at the
-- same moment (two requests, or two servers on one database) both see 11 and both insert.
-- This trigger counts inside the insert, after locking the business row: a second insert
-- for the same business waits for the first to commit, then counts its photo too.
-- It runs as its owner so the lock and the count do not depend on the caller's grants or
-- row level security (the insert itself still passes business_images_write_own).
CREATE OR REPLACE FUNCTION public.business_images_gallery_cap() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  PERFORM 1 FROM public.businesses b WHERE b.id = NEW.business_id FOR UPDATE;
  IF (SELECT count(*) FROM public.business_images i WHERE i.business_id = NEW.business_id) >= 12 THEN
    RAISE EXCEPTION 'the gallery of business % already holds 12 photos', NEW.business_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'business_images_gallery_cap';
  END IF;
  RETURN NEW;
END;
$$;
REVOKE ALL ON FUNCTION public.business_images_gallery_cap() FROM PUBLIC;

DROP TRIGGER IF EXISTS business_images_gallery_cap ON public.business_images;
CREATE TRIGGER business_images_gallery_cap BEFORE INSERT ON public.business_images
  FOR EACH ROW EXECUTE FUNCTION public.business_images_gallery_cap();
