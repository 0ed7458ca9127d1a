import type { Change } from "../db/changes";

/**
 * What a cached read or page was made of, so a change drops only what it touched
 * (issue #15): the kinds of item it shows; for one item's page, which item (of the first
 * kind); for a resident's own read, whose. `ANY` is "could be anything": dropped by every change.
 */
export type Dependency = {
  readonly kinds: readonly string[] | "*";
  /** The one item of kinds[0] shown: a change to another item of that kind does not touch it. */
  readonly item?: string;
  /** The one resident it belongs to: a change that names other residents does not touch it. */
  readonly user?: string;
};

export const ANY: Dependency = Object.freeze({ kinds: "*" });

export function isTouchedBy(dependency: Dependency, change: Change): boolean {
  if (change.kind === "*" || dependency.kinds === "*") return true;
  if (!dependency.kinds.includes(change.kind)) return false;
  if (dependency.user !== undefined && !change.users.includes(dependency.user)) return false;
  if (dependency.item !== undefined && change.kind === dependency.kinds[0] && change.id !== null && change.id !== dependency.item) {
    return false;
  }
  return true;
}

export function isAnyTouchedBy(dependencies: readonly Dependency[], change: Change): boolean {
  if (change.kind === "*") return true;
  for (const dependency of dependencies) if (isTouchedBy(dependency, change)) return true;
  return false;
}
