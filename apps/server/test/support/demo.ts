import type { RoleAlias } from '@fieldbot/shared';

export interface DemoAccount {
  email: string;
  role: RoleAlias;
  company: string | null;
  publisher: string | null;
  /** Sidebar modules the role's permissions include (contract "Sidebar modules per role"). */
  modules: string[];
}

/** The seeded demo accounts (password Demo@12345). */
export const DEMO = {
  admin: {
    email: 'admin@demo.fieldbot.test',
    role: 'company_admin',
    company: 'Acme Home Services',
    publisher: null,
    modules: ['dashboard', 'teams', 'interactions', 'marketplace', 'settings'],
  },
  manager: {
    email: 'manager@demo.fieldbot.test',
    role: 'manager',
    company: 'Acme Home Services',
    publisher: null,
    modules: ['dashboard', 'teams', 'interactions'],
  },
  tech: {
    email: 'tech@demo.fieldbot.test',
    role: 'field_team',
    company: 'Acme Home Services',
    publisher: null,
    modules: ['dashboard', 'interactions'],
  },
  /** The other field technicians of the demo interactions (seed/seed.ts DEMO_TECHNICIANS). */
  acmeTech2: {
    email: 'sam.rivera@demo.fieldbot.test',
    role: 'field_team',
    company: 'Acme Home Services',
    publisher: null,
    modules: ['dashboard', 'interactions'],
  },
  acmeTech3: {
    email: 'jordan.lee@demo.fieldbot.test',
    role: 'field_team',
    company: 'Acme Home Services',
    publisher: null,
    modules: ['dashboard', 'interactions'],
  },
  globexTech: {
    email: 'pat.nguyen@globex.fieldbot.test',
    role: 'field_team',
    company: 'Globex Plumbing',
    publisher: null,
    modules: ['dashboard', 'interactions'],
  },
  globexTech2: {
    email: 'chris.ortiz@globex.fieldbot.test',
    role: 'field_team',
    company: 'Globex Plumbing',
    publisher: null,
    modules: ['dashboard', 'interactions'],
  },
  newadmin: {
    email: 'newadmin@demo.fieldbot.test',
    role: 'company_admin',
    company: null,
    publisher: null,
    modules: ['dashboard', 'teams', 'interactions', 'marketplace', 'settings'],
  },
  globex: {
    email: 'admin@globex.fieldbot.test',
    role: 'company_admin',
    company: 'Globex Plumbing',
    publisher: null,
    modules: ['dashboard', 'teams', 'interactions', 'marketplace', 'settings'],
  },
  publisher: {
    email: 'publisher@demo.fieldbot.test',
    role: 'publisher_admin',
    company: null,
    publisher: 'Northwind Bots',
    modules: ['dashboard', 'bots', 'clients', 'users', 'settings'],
  },
  publisherUser: {
    email: 'publisher.user@demo.fieldbot.test',
    role: 'publisher_user',
    company: null,
    publisher: 'Northwind Bots',
    modules: ['dashboard', 'bots', 'clients'],
  },
} as const satisfies Record<string, DemoAccount>;
