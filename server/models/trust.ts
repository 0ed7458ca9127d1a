import type { Queryable } from "../db";
import type { Trust } from "#core/trust";

/**
 * Issue #25: a resident's trust level, computed by the database (public.trust_of in
 * supabase/migrations/20261128000200_trust.sql) from what no resident can write. The
 * caller asks about themself only (public.my_trust); null for a visitor.
 */
export async function myTrust(tx: Queryable): Promise<Trust | null> {
  const [row] = await tx.query<{
    level: number;
    weight: string | number;
    confirmed: boolean;
    has_email: boolean;
    account_days: number;
    contributions: number;
    upheld: number;
    dismissed: number;
    trusted_after_days: number;
    trusted_contributions: number;
  }>(
    `SELECT level, weight, confirmed, has_email, account_days, contributions, upheld, dismissed, trusted_after_days, trusted_contributions
     FROM public.my_trust()`,
  );
  if (!row) return null;
  return {
    level: row.level === 2 ? 2 : row.level === 1 ? 1 : 0,
    weight: Number(row.weight),
    confirmed: row.confirmed,
    hasEmail: row.has_email,
    accountDays: row.account_days,
    contributions: row.contributions,
    upheld: row.upheld,
    dismissed: row.dismissed,
    trustedAfterDays: row.trusted_after_days,
    trustedContributions: row.trusted_contributions,
  };
}
