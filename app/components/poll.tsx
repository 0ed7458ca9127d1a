import { Link, useFetcher } from "react-router";
import { applyVote, formatVotes, tally } from "#core/polls";
import { refusalOf, type Refused } from "#core/refused";
import { useHydrated } from "~/hooks/use-hydrated";
import { usePollVotes } from "./live";
import { useCurrentUser } from "./user-context";

export type PollData = {
  id: string;
  question: string;
  totalVotes: number;
  options: { id: string; label: string; votes: number; percent: number }[];
  myVote: string | null;
};

type PollProps = {
  postId: string;
  poll: PollData;
  /** The route whose action counts the vote: /posts on the feed, the post's own page there. */
  action: string;
  /** Where a plain form post returns to after voting (the feed page and anchor, or the post). */
  redirectTo: string;
  /** A vote refused on a plain form post, re-rendered by the page. */
  error?: string | null;
};

/**
 * "/login?redirectTo=/posts": back to the page after signing in. The post's anchor is left
 * out so the link stays the plain page address; slashes stay readable, the rest is encoded.
 */
export function loginToVoteHref(path: string): string {
  return `/login?redirectTo=${encodeURIComponent(path).replace(/%2F/g, "/")}`;
}

/**
 * A poll with its results (counts and percentages are public). Signed-in users vote by
 * pressing an option: a plain form post without JavaScript, a fetcher with the result
 * shown at once when JavaScript is on. Visitors see the results and an invitation to sign in.
 */
export function Poll({ postId, poll, action, redirectTo, error }: PollProps) {
  const user = useCurrentUser();
  const fetcher = useFetcher<Refused | null>({ key: `vote-${poll.id}` });
  // Present only once hydrated: tells the action to answer with data, not a redirect.
  const hydrated = useHydrated();

  // Optimistic: while a vote travels (and the page data reloads), show it as counted.
  const pending = fetcher.formData?.get("optionId");
  const chosen = typeof pending === "string" ? pending : null;
  // Someone else's vote reaches the bars through the live stream; one's own is shown at once.
  const counted = usePollVotes(poll.id, poll.options);
  const options = chosen ? applyVote(poll.options, poll.myVote, chosen) : counted === poll.options ? poll.options : tally(counted);
  const myVote = chosen ?? poll.myVote;
  const total = options.reduce((sum, o) => sum + o.votes, 0);
  const fetcherError = fetcher.state === "idle" ? refusalOf(fetcher.data) : null;
  const shownError = fetcherError ?? error ?? null;
  const questionId = `enquete-${poll.id}`;

  return (
    <section aria-labelledby={questionId} className="mt-3 rounded-xl border border-stone-200 p-3 dark:border-stone-700">
      <h3 id={questionId} className="font-semibold leading-snug">
        <span className="mr-1 text-xs font-bold uppercase tracking-wide text-brand-700 dark:text-brand-100">Enquete</span>
        <span className="block">{poll.question}</span>
      </h3>
      {user ? (
        <fetcher.Form method="post" action={action} className="mt-2">
          <input type="hidden" name="intent" value="vote" />
          <input type="hidden" name="postId" value={postId} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
          <ul className="space-y-2" aria-label="Opções">
            {options.map((option) => (
              <li key={option.id}>
                <button
                  type="submit"
                  name="optionId"
                  value={option.id}
                  aria-pressed={myVote === option.id}
                  className={`block w-full rounded-lg text-left focus-visible:outline-2 ${
                    myVote === option.id ? "ring-2 ring-brand-600 dark:ring-brand-100" : "hover:bg-stone-50 dark:hover:bg-stone-800"
                  }`}
                >
                  <OptionResult label={option.label} votes={option.votes} percent={option.percent} mine={myVote === option.id} />
                </button>
              </li>
            ))}
          </ul>
        </fetcher.Form>
      ) : (
        <ul className="mt-2 space-y-2" aria-label="Resultados">
          {options.map((option) => (
            <li key={option.id}>
              <OptionResult label={option.label} votes={option.votes} percent={option.percent} mine={false} />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm text-stone-600 dark:text-stone-300" data-testid="poll-total">
        {formatVotes(total)}
        {user ? (myVote ? " · Toque em outra opção para mudar seu voto." : " · Toque numa opção para votar.") : null}
      </p>
      {user ? null : (
        <p className="mt-2">
          <Link
            to={loginToVoteHref(redirectTo.split("#")[0]!)}
            className="inline-flex min-h-11 items-center rounded-full border border-brand-600 px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:border-brand-100 dark:text-brand-100 dark:hover:bg-stone-800"
          >
            Entre para votar
          </Link>
        </p>
      )}
      {shownError ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
          {shownError}
        </p>
      ) : null}
    </section>
  );
}

/** One option: a bar as wide as its share, the label, and "42% · 5 votos" in words. */
function OptionResult({ label, votes, percent, mine }: { label: string; votes: number; percent: number; mine: boolean }) {
  return (
    <span className="relative block min-h-11 overflow-hidden rounded-lg bg-stone-100 dark:bg-stone-800">
      <span
        aria-hidden="true"
        className={`absolute inset-y-0 left-0 ${mine ? "bg-brand-100 dark:bg-brand-700" : "bg-stone-200 dark:bg-stone-700"}`}
        style={{ width: `${percent}%` }}
      />
      <span className="relative flex min-h-11 items-center gap-2 px-3 py-2 text-sm">
        <span className="min-w-0 flex-1 break-words font-medium">
          {label}
          {mine ? <span className="ml-1 whitespace-nowrap text-xs font-semibold text-brand-700 dark:text-brand-100">✓ seu voto</span> : null}
        </span>
        <span className="shrink-0 text-right tabular-nums" data-testid="option-result">
          <span className="font-semibold">{percent}%</span>
          <span className="text-stone-600 dark:text-stone-300"> · {formatVotes(votes)}</span>
        </span>
      </span>
    </span>
  );
}
