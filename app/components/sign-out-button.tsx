import { Form } from "react-router";
import { runSignOutCleanup } from "~/client/sign-out";

/** A plain form post to /logout; with JavaScript the browser's own data is cleared first. */
export function SignOutButton({ className }: { className?: string }) {
  return (
    <Form
      method="post"
      action="/logout"
      reloadDocument
      onSubmit={(event) => {
        const form = event.currentTarget;
        event.preventDefault();
        void runSignOutCleanup().finally(() => form.submit());
      }}
    >
      <button type="submit" className={className}>
        Sair
      </button>
    </Form>
  );
}
