import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";
import type { Route } from "./+types/not-found";

/**
 * Every path the route table does not know. Matching a route (instead of none) lets the
 * root loader run, so the 404 page keeps the visitor's theme and session; the thrown 404
 * then renders this route's error boundary, the spec's 404 page, inside the root's shell.
 */
function notFound(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export const loader = notFound;
// A form posted to an unknown path is a 404 too, not a 405.
export const action = notFound;

// Never rendered (the loader always throws); a component keeps this a UI route, so the
// error renders the error boundary instead of answering as a bare resource route.
export default function NotFound() {
  return null;
}

// Its own boundary, inside the root's shell: the 404 page's code comes with this route, so its
// "Voltar ao início" answers as soon as the page is hydrated (the root's boundary fetches the
// error page on demand).
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
