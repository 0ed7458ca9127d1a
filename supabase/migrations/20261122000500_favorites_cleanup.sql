-- A deleted item takes its favorites with it: they would otherwise lead to a 404, and
-- RLS (rightly) does not let the item's author delete other people's favorites.
CREATE OR REPLACE FUNCTION public.forget_favorites_of_deleted_item() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  DELETE FROM public.user_favorites WHERE item_id = OLD.id;
  RETURN OLD;
END $$;

CREATE TRIGGER businesses_forget_favorites AFTER DELETE ON public.businesses
  FOR EACH ROW EXECUTE FUNCTION public.forget_favorites_of_deleted_item();
CREATE TRIGGER services_forget_favorites AFTER DELETE ON public.services
  FOR EACH ROW EXECUTE FUNCTION public.forget_favorites_of_deleted_item();
CREATE TRIGGER drivers_forget_favorites AFTER DELETE ON public.drivers
  FOR EACH ROW EXECUTE FUNCTION public.forget_favorites_of_deleted_item();
CREATE TRIGGER sell_items_forget_favorites AFTER DELETE ON public.sell_items
  FOR EACH ROW EXECUTE FUNCTION public.forget_favorites_of_deleted_item();
CREATE TRIGGER posts_forget_favorites AFTER DELETE ON public.posts
  FOR EACH ROW EXECUTE FUNCTION public.forget_favorites_of_deleted_item();
CREATE TRIGGER news_forget_favorites AFTER DELETE ON public.news
  FOR EACH ROW EXECUTE FUNCTION public.forget_favorites_of_deleted_item();
