/** The roles, lowest first, with what each may do (the words the members page and the invitation page use). */
export const ROLE_CHOICES = [
  { value: 'VIEWER', label: 'Viewer', can: 'Reads everything: projects, suites, runs, reports, policy, webhooks.' },
  {
    value: 'MEMBER',
    label: 'Member',
    can: 'Viewer, plus creates and edits projects, servers and suites, discovers tools, triggers and cancels runs.',
  },
  {
    value: 'ADMIN',
    label: 'Admin',
    can: 'Member, plus manages the execution policy, API tokens, webhooks, members and invitations.',
  },
  {
    value: 'OWNER',
    label: 'Owner',
    can: 'Admin, plus makes and removes owners. Every organization keeps at least one.',
  },
] as const;

export type RoleValue = (typeof ROLE_CHOICES)[number]['value'];

/** "ADMIN" → "Admin". */
export function roleLabel(role: string): string {
  return ROLE_CHOICES.find((r) => r.value === role)?.label ?? role;
}

/** The roles up to and including `role` (what a member with `role` may hand out). */
export function rolesUpTo(role: string): (typeof ROLE_CHOICES)[number][] {
  const index = ROLE_CHOICES.findIndex((r) => r.value === role);
  return ROLE_CHOICES.slice(0, index + 1);
}
