import { isUuid } from "#core/uuid";
import type { HolidayMode, OpeningHours } from "#core/business-hours";
import type { ListingKind } from "#core/item-kinds";
import type { Position } from "#core/town-map";
import type { Queryable } from "../db";

/**
 * Issue #18: listings residents propose ("Cadastrar negócio", service, driver), claims
 * ("Este negócio é meu") and an approved owner's edits. A resident never writes a listing:
 * they write a proposal or a claim, and a moderator's review_proposal / review_claim (SECURITY
 * DEFINER, moderators only) creates the listing or hands it over.
 */

export type ProposalKind = ListingKind;

export type ProposalInput = {
  kind: ProposalKind;
  name: string;
  /** A driver's vehicle kind (moto, carro, van, frete). */
  category: string;
  description: string;
  address: string;
  neighbourhood: string;
  phone: string | null;
  whatsapp: string | null;
  /** Where it is (issue #33); carried to the listing on approval. */
  position: Position | null;
};

export type Proposal = ProposalInput & {
  id: string;
  status: "pending" | "approved" | "rejected";
  listingId: string | null;
  proposerName: string;
  createdAt: Date;
};

export async function proposeListing(tx: Queryable, proposerId: string, input: ProposalInput): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `INSERT INTO public.listing_proposals (proposer_id, kind, name, category, description, address, neighbourhood, phone, whatsapp, latitude, longitude)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
    [proposerId, input.kind, input.name, input.category, input.description, input.address, input.neighbourhood, input.phone, input.whatsapp,
      input.position?.latitude ?? null, input.position?.longitude ?? null],
  );
  return row!.id;
}

const PROPOSAL_COLUMNS = `p.id, p.kind, p.name, p.category, p.description, p.address, p.neighbourhood, p.phone, p.whatsapp, p.status,
  CASE WHEN p.latitude IS NULL THEN NULL ELSE json_build_object('latitude', p.latitude, 'longitude', p.longitude) END AS position,
  p.listing_id AS "listingId", pr.full_name AS "proposerName", p.created_at AS "createdAt"`;

/** The resident's own proposals (RLS shows no one else's), newest first. */
export async function listOwnProposals(tx: Queryable, proposerId: string): Promise<Proposal[]> {
  return tx.query<Proposal>(
    `SELECT ${PROPOSAL_COLUMNS} FROM public.listing_proposals p JOIN public.profiles pr ON pr.id = p.proposer_id
     WHERE p.proposer_id = $1 ORDER BY p.created_at DESC LIMIT 50`,
    [proposerId],
  );
}

/** The moderators' queue of proposals (RLS shows residents only their own). */
export async function listPendingProposals(tx: Queryable): Promise<Proposal[]> {
  return tx.query<Proposal>(
    `SELECT ${PROPOSAL_COLUMNS} FROM public.listing_proposals p JOIN public.profiles pr ON pr.id = p.proposer_id
     WHERE p.status = 'pending' ORDER BY p.created_at DESC LIMIT 100`,
  );
}

export async function reviewProposal(tx: Queryable, id: string, approve: boolean, note: string): Promise<void> {
  if (!isUuid(id)) throw Object.assign(new Error("no such proposal"), { code: "P0002" });
  await tx.query(`SELECT public.review_proposal($1::uuid, $2, $3)`, [id, approve, note]);
}

// ---------------------------------------------------------------- claims

export type Claim = {
  id: string;
  businessId: string;
  businessName: string;
  claimantName: string;
  note: string;
  createdAt: Date;
  /** Whom approving takes the business from (issue #25): the moderator sees it, the owner is told. */
  ownerId: string | null;
  ownerName: string | null;
};

export async function claimBusiness(tx: Queryable, claimantId: string, businessId: string, note: string): Promise<void> {
  await tx.query(`INSERT INTO public.business_claims (claimant_id, business_id, note) VALUES ($1, $2, $3)`, [claimantId, businessId, note]);
}

/**
 * What a resident's relation to a business came to, as /business/{id}/e-meu tells it: "owner"
 * (it is theirs now, by a claim or from the start), "pending", "rejected", or "lost" (their
 * claim was approved, then a later approved claim took the business); null when they never
 * claimed it. An approved claim alone does not make it theirs: the owner column says so.
 */
export type ClaimStatus = "owner" | "pending" | "rejected" | "lost";

export async function claimStatus(tx: Queryable, claimantId: string, businessId: string): Promise<ClaimStatus | null> {
  const [row] = await tx.query<{ status: ClaimStatus | null }>(
    `SELECT CASE WHEN b.owner_id = $1 THEN 'owner' WHEN c.status = 'approved' THEN 'lost' ELSE c.status END AS status
     FROM public.businesses b
     LEFT JOIN public.business_claims c ON c.business_id = b.id AND c.claimant_id = $1
     WHERE b.id = $2`,
    [claimantId, businessId],
  );
  return row?.status ?? null;
}

export async function listPendingClaims(tx: Queryable): Promise<Claim[]> {
  return tx.query<Claim>(
    `SELECT c.id, c.business_id AS "businessId", b.name AS "businessName", pr.full_name AS "claimantName", c.note, c.created_at AS "createdAt",
            b.owner_id AS "ownerId", o.full_name AS "ownerName"
     FROM public.business_claims c
     JOIN public.businesses b ON b.id = c.business_id
     JOIN public.profiles pr ON pr.id = c.claimant_id
     LEFT JOIN public.profiles o ON o.id = b.owner_id
     WHERE c.status = 'pending' ORDER BY c.created_at DESC LIMIT 100`,
  );
}

export async function reviewClaim(tx: Queryable, id: string, approve: boolean, note: string): Promise<void> {
  if (!isUuid(id)) throw Object.assign(new Error("no such claim"), { code: "P0002" });
  await tx.query(`SELECT public.review_claim($1::uuid, $2, $3)`, [id, approve, note]);
}

// ---------------------------------------------------------------- the owner's edits

export type BusinessDetails = {
  description: string;
  address: string;
  phone: string | null;
  whatsapp: string | null;
  openingHours: OpeningHours | null;
  /** What the business does on holidays (issue #32); holiday hours only with "special". */
  holidayMode: HolidayMode;
  holidayOpensAt: string | null;
  holidayClosesAt: string | null;
  /** The pin (issue #33), or null to take the business off the map. */
  position: Position | null;
};

/** Only the owner's row matches (RLS businesses_update_own); false when none did. */
export async function updateBusinessDetails(tx: Queryable, businessId: string, details: BusinessDetails): Promise<boolean> {
  if (!isUuid(businessId)) return false;
  const rows = await tx.query(
    `UPDATE public.businesses SET description = $2, address = $3, phone = $4, whatsapp = $5, opening_hours = $6::jsonb,
            holiday_mode = $7, holiday_opens_at = $8, holiday_closes_at = $9, latitude = $10, longitude = $11
     WHERE id = $1 RETURNING id`,
    [
      businessId,
      details.description,
      details.address,
      details.phone,
      details.whatsapp,
      details.openingHours ? JSON.stringify(details.openingHours) : null,
      details.holidayMode,
      details.holidayMode === "special" ? details.holidayOpensAt : null,
      details.holidayMode === "special" ? details.holidayClosesAt : null,
      details.position?.latitude ?? null,
      details.position?.longitude ?? null,
    ],
  );
  return rows.length === 1;
}
