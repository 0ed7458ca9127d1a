import { redirect } from "react-router";

// The spec: /profile/edit redirects to /edit-profile.
export function loader() {
  return redirect("/edit-profile", 301);
}
