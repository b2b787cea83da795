import { useRouteLoaderData } from "react-router";
import type { SessionInfo } from "#core/studio/api.ts";
import type { Permission } from "#core/studio/roles.ts";

/** The shell route's id: its loader holds who is signed in. */
export const SHELL_ROUTE = "shell";

/** Who is signed in (inside the shell), and a check of what they may do. */
export function useSession(): SessionInfo & { can(permission: Permission): boolean } {
  const session = useRouteLoaderData(SHELL_ROUTE) as SessionInfo;
  return { ...session, can: (permission) => session.permissions.includes(permission) };
}
