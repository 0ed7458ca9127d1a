import { useEffect } from "react";
import { useLocation } from "react-router";
import { LAST_PATH_KEY } from "~/lib/session-keys";

/** Remembers, for this tab's session, the last page visited, so sign-in can return to it. */
export function LastPathTracker() {
  const location = useLocation();
  useEffect(() => {
    if (location.pathname === "/login" || location.pathname === "/logout") return;
    window.sessionStorage.setItem(LAST_PATH_KEY, location.pathname + location.search);
  }, [location.pathname, location.search]);
  return null;
}
