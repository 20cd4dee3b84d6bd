/**
 * The back office's staff roles and what each may do: one rule for the server's route checks
 * (`config.roles`), the staff it mails and the inbox's assignees, and the back office's navigation
 * and pages. No Zod here (admin.ts builds the role's schema from `staffRoles`).
 */
export const staffRoles = ['owner', 'editor', 'sales'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The roles that may do each thing. */
export const rolesThatMay = {
  /** Every staff member: the dashboard, their account and notifications, reading the catalogue's lists. */
  useBackOffice: staffRoles,
  /** Edit the catalogue: products and the other kinds, about-us, images, import and export. */
  editCatalogue: ['owner', 'editor'],
  /**
   * See sales: enquiries (and be assigned one), reviews, customers, the newsletter list; these roles
   * are mailed about new enquiries and reviews waiting.
   */
  seeSales: ['owner', 'sales'],
  /** Manage the store: staff and the audit log, the store's identity, review policy, webhooks. */
  manageStore: ['owner'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffPermission = keyof typeof rolesThatMay;

/** Whether a role (none: not signed in) may do this. */
export function roleMay(role: StaffRole | undefined, permission: StaffPermission): boolean {
  return role !== undefined && (rolesThatMay[permission] as readonly StaffRole[]).includes(role);
}
