import {
  PERMISSIONS,
  ROLE,
  ROLE_ALIASES,
  ROLE_PERMISSION_NAMES,
  ROLE_TITLES,
  type RoleAlias,
} from '@fieldbot/shared';
import { eq, sql } from 'drizzle-orm';
import { demoClipKey, loadDemoClips, type DemoClip } from '../lib/demo-clips.js';
import { hashPassword } from '../lib/password.js';
import { COMPANY_TYPES, INDUSTRIES, TIMEZONES, TRADES } from '../lib/reference-data.js';
import type { SecretBox } from '../lib/secret-box.js';
import type { StorageProvider } from '../providers/storage/index.js';
import type { Db } from '../db/client.js';
import {
  companies,
  companyIntegrations,
  companyTypes,
  audioAssets,
  customers,
  interactionCounters,
  interactions,
  usageRecords,
  industries,
  integrations,
  permissions,
  publishers,
  rolePermissions,
  roles,
  timezones,
  trades,
  transcriptSegments,
  users,
} from '../db/schema/index.js';
import { seedDemoBilling } from './demo-billing.js';
import { refreshDirtyDays } from '../modules/dashboards/index.js';
import { seedDemoBotHistory } from './demo-bot-history.js';
import { seedDemoBots } from './demo-bots.js';
import { clipMedia, seedCompanyInteractions, storeDemoClips } from './demo-interactions.js';
import { DEMO_CRM_INTEGRATION_ID, INTEGRATION_CATALOGUE } from './integration-catalogue.js';

export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO_PUBLISHER_CODE = 'NWBOTS01';

/** Roles, permissions and option lists: needed by every installation; safe to run on every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(ROLE_ALIASES.map((alias) => ({ alias, title: ROLE_TITLES[alias] })))
    .onConflictDoUpdate({ target: roles.alias, set: { title: sql`excluded.title` } });
  await db
    .insert(permissions)
    .values(PERMISSIONS.map((p) => ({ name: p.name, module: p.module })))
    .onConflictDoUpdate({ target: permissions.name, set: { module: sql`excluded.module` } });

  const roleRows = await db.select({ id: roles.id, alias: roles.alias }).from(roles);
  const permissionRows = await db
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions);
  const permissionId = new Map(permissionRows.map((p) => [p.name, p.id]));
  const links = roleRows.flatMap((role) =>
    (ROLE_PERMISSION_NAMES[role.alias as RoleAlias] ?? []).map((name) => ({
      roleId: role.id,
      permissionId: permissionId.get(name)!,
    })),
  );
  if (links.length > 0) await db.insert(rolePermissions).values(links).onConflictDoNothing();

  await db
    .insert(timezones)
    .values([...TIMEZONES])
    .onConflictDoNothing();
  await db
    .insert(industries)
    .values([...INDUSTRIES])
    .onConflictDoNothing();
  await db.insert(trades).values(TRADES).onConflictDoNothing();
  await db
    .insert(companyTypes)
    .values([...COMPANY_TYPES])
    .onConflictDoNothing();
  // Upserted, so a changed label or logo reaches installations that seeded an older catalogue.
  await db
    .insert(integrations)
    .values([...INTEGRATION_CATALOGUE])
    .onConflictDoUpdate({
      target: integrations.id,
      set: {
        slug: sql`excluded.slug`,
        name: sql`excluded.name`,
        subTitle: sql`excluded.sub_title`,
        groupType: sql`excluded.group_type`,
        logo: sql`excluded.logo`,
        darkLogo: sql`excluded.dark_logo`,
        requiredFields: sql`excluded.required_fields`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}

/** Field technicians beside the demo technician: two per demo company (password Demo@12345). */
export const DEMO_TECHNICIANS = {
  acme: [
    { email: 'sam.rivera@demo.fieldbot.test', name: 'Sam Rivera', phone: '5125550104' },
    { email: 'jordan.lee@demo.fieldbot.test', name: 'Jordan Lee', phone: '5125550105' },
  ],
  globex: [
    { email: 'pat.nguyen@globex.fieldbot.test', name: 'Pat Nguyen', phone: '3035550102' },
    { email: 'chris.ortiz@globex.fieldbot.test', name: 'Chris Ortiz', phone: '3035550103' },
  ],
} as const;

export interface DemoSeedOptions {
  /** Where the demo audio clips are stored (once, under demo-audio/). */
  storage: StorageProvider;
  /** The demo's dates are spread over the 90 days before this. */
  now?: Date;
  /** Prices and links of the demo invoices (config.billing, config.appUrl). */
  billing?: { pricePerMinuteCents: number; appUrl: string };
  /**
   * Seals the demo CRM connection's values (the box of config.crm credentials). Without it (the
   * benchmark's seed) Acme gets no connection row.
   */
  crmCredentials?: SecretBox;
}

/** The demo company whose last monthly charge failed, so the payment-due lock shows. */
export const DEMO_PAYMENT_DUE_ADMIN = 'due@demo.fieldbot.test';

/** Demo companies became customers before the three months of billing history the seed closes. */
const DEMO_CUSTOMER_SINCE_DAYS = 130;

/**
 * The demo accounts of the contract, and the demo customers, jobs and interactions of both demo
 * companies (demo-interactions.ts), only on an empty database.
 */
export async function seedDemoData(db: Db, options: DemoSeedOptions): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).limit(1);
  if (existing) return false;

  const now = options.now ?? new Date();
  const clips = loadDemoClips();
  // Storage first: if the transaction fails, the clips are simply written again next time.
  await storeDemoClips(options.storage, clips);

  const roleRows = await db.select({ id: roles.id, alias: roles.alias }).from(roles);
  const roleId = (alias: RoleAlias) => roleRows.find((r) => r.alias === alias)!.id;
  // One hash for all demo accounts: they share a published password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const verified = new Date();

  const customerSince = new Date(now.getTime() - DEMO_CUSTOMER_SINCE_DAYS * 86_400_000);
  const billed: { acme?: string; initech?: string } = {};
  const subscribers: string[] = [];

  await db.transaction(async (tx) => {
    const [acme] = await tx
      .insert(companies)
      .values({
        createdAt: customerSince,
        name: 'Acme Home Services',
        streetAddress: '1200 Congress Avenue',
        city: 'Austin',
        state: 'TX',
        zipcode: '78701',
        country: 'US',
        county: 'Travis County',
        lat: 30.2747,
        lng: -97.7404,
        timezoneId: 2,
        industryId: 1,
        typeId: 1,
        trades: [101, 102, 103],
        description: 'Heating and cooling for homes across Central Texas.',
        fieldTeamProcess: 'Greet the customer, inspect the system, explain options before work.',
        phoneProcess: 'Answer within three rings, confirm the address, offer the first slot.',
        softCapacityCents: 10_000,
        hardCapacityCents: 20_000,
        isBillingConnected: true,
        isCrmConnected: true,
      })
      .returning({ id: companies.id });
    const [globex] = await tx
      .insert(companies)
      .values({
        name: 'Globex Plumbing',
        streetAddress: '1600 Broadway',
        city: 'Denver',
        state: 'CO',
        zipcode: '80202',
        country: 'US',
        county: 'Denver County',
        lat: 39.7428,
        lng: -104.9876,
        timezoneId: 3,
        industryId: 2,
        typeId: 3,
        trades: [201, 202],
        description: 'Residential and commercial plumbing in the Denver metro area.',
        softCapacityCents: 5_000,
        hardCapacityCents: 8_000,
        isBillingConnected: true,
        isCrmConnected: true,
      })
      .returning({ id: companies.id });
    // Set up, but its card fails every charge: last month's invoice failed, so payment is due.
    const [initech] = await tx
      .insert(companies)
      .values({
        createdAt: customerSince,
        name: 'Initech Heating & Air',
        streetAddress: '4200 Main Street',
        city: 'Houston',
        state: 'TX',
        zipcode: '77002',
        country: 'US',
        county: 'Harris County',
        lat: 29.7527,
        lng: -95.3695,
        timezoneId: 2,
        industryId: 1,
        typeId: 1,
        trades: [101],
        description: 'Air conditioning repair for homes in Houston.',
        softCapacityCents: 10_000,
        hardCapacityCents: null,
        isBillingConnected: true,
        isCrmConnected: true,
      })
      .returning({ id: companies.id });
    billed.acme = acme!.id;
    billed.initech = initech!.id;
    subscribers.push(acme!.id, globex!.id);
    const [northwind] = await tx
      .insert(publishers)
      .values({
        name: 'Northwind Bots',
        code: DEMO_PUBLISHER_CODE,
        description:
          'Northwind Bots builds call and visit review bots for home-service companies: booking checks, upsell coaching and safety reminders.',
        website: 'https://northwind-bots.example.com',
        supportEmail: 'support@northwind-bots.example.com',
      })
      .returning({ id: publishers.id });

    const account = (
      email: string,
      name: string,
      alias: RoleAlias,
      extra: Partial<typeof users.$inferInsert> = {},
    ): typeof users.$inferInsert => ({
      email,
      name,
      passwordHash,
      emailVerifiedAt: verified,
      roleId: roleId(alias),
      ...extra,
    });

    await tx.insert(users).values([
      account('admin@demo.fieldbot.test', 'Alice Admin', ROLE.COMPANY_ADMIN, {
        companyId: acme!.id,
        phone: '5125550101',
      }),
      account('manager@demo.fieldbot.test', 'Mark Manager', ROLE.MANAGER, {
        companyId: acme!.id,
        phone: '5125550102',
      }),
      // Linked to the CRM: name and phone are locked, and Run Bot is available (spec §6).
      account('tech@demo.fieldbot.test', 'Tina Tech', ROLE.FIELD_TEAM, {
        companyId: acme!.id,
        phone: '5125550103',
        crmUserId: 'crm-1001',
      }),
      account('newadmin@demo.fieldbot.test', 'Nora Newadmin', ROLE.COMPANY_ADMIN),
      account(DEMO_PAYMENT_DUE_ADMIN, 'Dana Due', ROLE.COMPANY_ADMIN, {
        companyId: initech!.id,
        phone: '7135550101',
      }),
      account('admin@globex.fieldbot.test', 'Gary Globex', ROLE.COMPANY_ADMIN, {
        companyId: globex!.id,
        phone: '3035550101',
      }),
      account('publisher@demo.fieldbot.test', 'Paula Publisher', ROLE.PUBLISHER_ADMIN, {
        publisherId: northwind!.id,
      }),
      account('publisher.user@demo.fieldbot.test', 'Peter Publisher', ROLE.PUBLISHER_USER, {
        publisherId: northwind!.id,
      }),
      // A publisher admin invited by the platform who has not created the publisher yet.
      account('newpublisher@demo.fieldbot.test', 'Nico Newpublisher', ROLE.PUBLISHER_ADMIN),
    ]);
    const technicians = await tx
      .insert(users)
      .values([
        ...DEMO_TECHNICIANS.acme.map((t) =>
          account(t.email, t.name, ROLE.FIELD_TEAM, { companyId: acme!.id, phone: t.phone }),
        ),
        ...DEMO_TECHNICIANS.globex.map((t) =>
          account(t.email, t.name, ROLE.FIELD_TEAM, { companyId: globex!.id, phone: t.phone }),
        ),
      ])
      .returning({ id: users.id, email: users.email });
    const [demoTech] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, 'tech@demo.fieldbot.test'));
    const inserted = [demoTech!, ...technicians];
    const userId = (email: string) => inserted.find((u) => u.email === email)!.id;

    // Northwind's published demo bots. Acme and Globex are subscribed, so a company that syncs its
    // CRM sees automatic results (Globex is the one the browser tests connect the demo CRM for).
    // Acme and Globex rate two of them, and Northwind answers Acme, so the marketplace has reviews.
    // One query at a time: a transaction's client runs one statement at once (pg 9 refuses more).
    const adminIds: (string | null)[] = [];
    for (const email of [
      'admin@demo.fieldbot.test',
      'publisher@demo.fieldbot.test',
      'admin@globex.fieldbot.test',
    ]) {
      const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      adminIds.push(row?.id ?? null);
    }
    const [acmeAdmin, northwindAdmin, globexAdmin] = adminIds;
    await seedDemoBots(tx, {
      publisherId: northwind!.id,
      companyIds: [acme!.id, globex!.id],
      subscribedAt: customerSince,
      ratings: [
        {
          bot: 'Maintenance plan offered',
          companyId: acme!.id,
          ratedById: acmeAdmin!,
          rating: 5,
          comment: 'Our techs now offer the plan on almost every visit. Easy to coach with.',
          reply: {
            text: 'Thank you! Version 2 will also catch plan renewals.',
            repliedById: northwindAdmin!,
          },
        },
        {
          bot: 'Booking outcome',
          companyId: globex!.id,
          ratedById: globexAdmin!,
          rating: 4,
          comment: 'Accurate on booked calls; a few follow-ups are marked as not booked.',
        },
      ],
    });

    await seedCompanyInteractions(
      tx,
      {
        id: acme!.id,
        trade: 'hvac',
        technicianIds: [
          userId('tech@demo.fieldbot.test'),
          ...DEMO_TECHNICIANS.acme.map((t) => userId(t.email)),
        ],
        customerBase: 10001,
        jobBase: 20001,
        callBase: 300101,
        commercialNames: [
          'Lakeside Property Management',
          'Riverside Dental Clinic',
          'Lone Star Bakery',
          'Hill Country Veterinary Hospital',
          'Barton Creek Yoga Studio',
          'South Congress Books',
          'Capitol City Apartments',
          'Bluebonnet Daycare',
          'Eastside Brewing Company',
          'Mueller Family Pharmacy',
          'Pecan Street Cafe',
          'Travis Heights Community Church',
        ],
        seed: 20_251,
      },
      clips,
      now,
    );
    await seedCompanyInteractions(
      tx,
      {
        id: globex!.id,
        trade: 'plumbing',
        technicianIds: DEMO_TECHNICIANS.globex.map((t) => userId(t.email)),
        customerBase: 50001,
        jobBase: 60001,
        callBase: 700101,
        commercialNames: [
          'Summit Property Group',
          'Cherry Creek Dental',
          'Mile High Fitness',
          'Union Station Deli',
          'Front Range Laundromat',
          'Highlands Pediatrics',
          'Larimer Square Salon',
          'Platte River Apartments',
          'Red Rocks Brewing',
          'Sloan Lake Montessori',
          'Aspen Grove Senior Living',
          'Colfax Auto Care',
        ],
        seed: 80_202,
      },
      clips,
      now,
    );
    await seedLastMonthVisits(tx, initech!.id, clips, now);
    if (options.crmCredentials) {
      await seedDemoCrmConnection(tx, acme!.id, options.crmCredentials, now);
    }
  });

  // Before the months are closed, so the invoices bill the runs the dashboards count.
  await seedDemoBotHistory(db, subscribers, now);
  await seedDemoBilling(
    db,
    [
      {
        companyId: billed.acme!,
        name: 'Alice Admin',
        email: 'admin@demo.fieldbot.test',
        cardNumber: '4242424242424242',
        closedMonths: 3,
      },
      {
        companyId: billed.initech!,
        name: 'Dana Due',
        email: DEMO_PAYMENT_DUE_ADMIN,
        cardNumber: '4000000000000341',
        closedMonths: 1,
      },
    ],
    {
      now,
      pricePerMinuteCents: options.billing?.pricePerMinuteCents ?? 5,
      appUrl: options.billing?.appUrl ?? 'http://localhost:3000',
    },
  );
  // The demo's dashboards open on rollups built here, not on a first view recomputing 90 days.
  await refreshDirtyDays(db);
  return true;
}

/**
 * Acme is CRM-connected: its integrations tab shows the Demo CRM connected and synced. Its history
 * starts on the seeding day (the seeded customers stand for the past), so scheduled syncs bring in
 * only the few records a day the demo CRM makes from then on, not a month of calls to transcribe.
 */
async function seedDemoCrmConnection(db: Db, companyId: string, box: SecretBox, now: Date) {
  const startDate = now.toISOString().slice(0, 10);
  await db.insert(companyIntegrations).values({
    companyId,
    integrationId: DEMO_CRM_INTEGRATION_ID,
    valuesSealed: box.seal(JSON.stringify({ tenant_id: '1001', start_date: startDate })),
    syncStatus: 'on',
    syncProcessStatus: 'success',
    lastSyncStartedAt: now,
    lastSyncedAt: now,
  });
}

/** A few recorded visits (demo clips) in the middle of last month, so that month's bill has minutes. */
async function seedLastMonthVisits(
  db: Db,
  companyId: string,
  clips: readonly DemoClip[],
  now: Date,
): Promise<void> {
  const [customer] = await db
    .insert(customers)
    .values({ companyId, externalId: 'C-90001', name: 'Bayou City Townhomes', type: 'Commercial' })
    .returning({ id: customers.id });
  const lastMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 16);
  const visits = clips.filter((c) => c.type === 'field-recording').slice(0, 3);
  const rows = await db
    .insert(interactions)
    .values(
      visits.map((clip, i) => {
        const at = new Date(lastMonth + i * 86_400_000);
        return {
          companyId,
          customerId: customer!.id,
          number: `R-${String(i + 1).padStart(6, '0')}`,
          type: 'field-recording' as const,
          status: 'completed' as const,
          startedAt: at,
          durationSeconds: clip.duration,
          sourceKeys: [demoClipKey(clip)],
          audioMergeStatus: 'completed' as const,
          transcriptStatus: 'completed' as const,
          transcriptText: clip.segments.map((seg) => seg.text).join(' '),
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning({ id: interactions.id, startedAt: interactions.startedAt });
  const media = rows.map((row, i) => clipMedia(companyId, row.id, visits[i]!, row.startedAt, true));
  await db.insert(audioAssets).values(media.map((m) => m.asset));
  await db.insert(transcriptSegments).values(media.flatMap((m) => m.segments));
  await db.insert(usageRecords).values(media.map((m) => m.usage));
  // Numbering of the company's next recordings continues after these (interaction_counters).
  await db.insert(interactionCounters).values({ companyId, lastRecordingNumber: rows.length });
}
