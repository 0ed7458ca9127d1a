import { useEffect } from "react";
import { useFetchers, useLocation, useNavigation, useRevalidator } from "react-router";
import { invalidateLoaderCache } from "~/client/cached-client-loader";

/**
 * Keeps the loader cache honest: a write (any non-GET navigation or fetcher) empties it,
 * and coming back online refetches the visible route. No refetch on window focus.
 */
export function LoaderCacheSync() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const revalidator = useRevalidator();
  const location = useLocation();

  const writing =
    (navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET") ||
    fetchers.some((f) => f.formMethod && f.formMethod.toUpperCase() !== "GET");
  useEffect(() => {
    if (writing) invalidateLoaderCache();
  }, [writing]);

  useEffect(() => {
    const onOnline = () => {
      invalidateLoaderCache(location.pathname);
      void revalidator.revalidate();
    };
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [location.pathname, revalidator]);
  return null;
}
