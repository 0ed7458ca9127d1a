import { createContext, useContext } from "react";

/** The signed-in user as components see it (fed by the root loader). */
export type CurrentUser = {
  id: string;
  fullName: string;
  username: string;
  avatarUrl: string | null;
} | null;

const UserContext = createContext<{ user: CurrentUser } | undefined>(undefined);

export function UserProvider({ user, children }: { user: CurrentUser; children: React.ReactNode }) {
  return <UserContext.Provider value={{ user }}>{children}</UserContext.Provider>;
}

/** The spec: using the auth context outside its provider throws. */
export function useCurrentUser(): CurrentUser {
  const value = useContext(UserContext);
  if (value === undefined) throw new Error("useCurrentUser must be used within a UserProvider");
  return value.user;
}
