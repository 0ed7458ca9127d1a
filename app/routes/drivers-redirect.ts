import { redirect } from "react-router";

// The spec: /drivers redirects to /drivers/all (302: the default list may change, e.g. to "disponiveis").
export function loader() {
  return redirect("/drivers/all", 302);
}
