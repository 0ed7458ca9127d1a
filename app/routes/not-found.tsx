import { data } from "react-router";

/**
 * Every path the route table does not know. Matching a route (instead of none) lets the
 * root loader run, so the 404 page keeps the visitor's theme and session; the thrown 404
 * then renders the root error boundary, which is the spec's 404 page.
 */
function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export const loader = notFound;
// A form posted to an unknown path is a 404 too, not a 405.
export const action = notFound;

// Never rendered (the loader always throws); a component keeps this a UI route, so the
// error renders the root error boundary instead of answering as a bare resource route.
export default function NotFound() {
  return null;
}
