/** What a client module must forget when the resident signs out (run by sign-out.ts). */
type Cleanup = () => void | Promise<void>;
const cleanups = new Set<Cleanup>();

export function onSignOut(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

export function signOutCleanups(): readonly Cleanup[] {
  return [...cleanups];
}
