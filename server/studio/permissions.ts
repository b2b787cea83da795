import { type Permission, permissionsOf, type Role } from "#core/studio/roles.ts";
import { HttpError, MESSAGES } from "./http.ts";

/**
 * Access checks (the roles table: core/studio/roles.ts). A route names the
 * one permission it needs (`access: "users:manage"`, router.ts), checked
 * before its handler runs; a handler asks `can` only for what depends on the
 * request (publishing everything), and never looks at role names itself.
 * Hiding a link is not a check.
 */
export function can(role: Role, permission: Permission): boolean {
  return permissionsOf(role).includes(permission);
}

/** Throws 403 unless the role has the permission. */
export function assertPermission(role: Role, permission: Permission): void {
  if (!can(role, permission)) throw new HttpError(403, MESSAGES.forbidden);
}
