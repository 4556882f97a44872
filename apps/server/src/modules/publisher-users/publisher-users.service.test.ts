import { PUBLISHER_USER_MESSAGES, type User } from '@fieldbot/shared';
import { describe, expect, it } from 'vitest';
import { FieldValidationError } from '../../lib/errors.js';
import type { PublisherUsersRepo } from './publisher-users.repo.js';
import { createPublisherUsersService } from './publisher-users.service.js';

const PUBLISHER = 'pub-1';
const VIEWER = { id: 'viewer', publisher: { id: PUBLISHER, name: 'P' } } as unknown as User;
const OTHER_ADMIN = { id: 'other-admin', roleAlias: 'publisher_admin' };

/**
 * The viewer's session still says Publisher Admin, but the publisher's only admin in the database
 * is the colleague (the viewer was demoted meanwhile): the colleague must stay.
 */
function service(adminCount: number) {
  const calls: string[] = [];
  const repo = {
    findMember: async (publisherId: string, id: string) =>
      publisherId === PUBLISHER && id === OTHER_ADMIN.id ? OTHER_ADMIN : null,
    countWithRole: async () => adminCount,
    roleIdByAlias: async (alias: string) => `role-${alias}`,
    updateMember: async () => void calls.push('update'),
    deleteUser: async () => void calls.push('delete'),
  } as unknown as PublisherUsersRepo;
  const users = createPublisherUsersService({
    repo,
    sendMail: async () => {},
    appUrl: 'http://app.test',
    forgetUser: () => {},
    destroySessions: async () => void calls.push('sessions'),
  });
  return { users, calls };
}

async function fieldErrors(promise: Promise<unknown>) {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(FieldValidationError);
  return (error as FieldValidationError).errors;
}

describe('publisher users: the last Publisher Admin', () => {
  it('cannot be demoted or removed', async () => {
    const { users, calls } = service(1);
    expect(
      await fieldErrors(
        users.changeRole(VIEWER, OTHER_ADMIN.id, { role_alias: 'publisher_user' }, '1.2.3.4'),
      ),
    ).toEqual({ role_alias: [PUBLISHER_USER_MESSAGES.lastAdmin] });
    expect(await fieldErrors(users.remove(VIEWER, OTHER_ADMIN.id))).toEqual({
      id: [PUBLISHER_USER_MESSAGES.lastAdmin],
    });
    expect(calls).toEqual([]);
  });

  it('can be demoted or removed while another admin remains', async () => {
    const { users, calls } = service(2);
    await users.changeRole(VIEWER, OTHER_ADMIN.id, { role_alias: 'publisher_user' }, '1.2.3.4');
    await users.remove(VIEWER, OTHER_ADMIN.id);
    expect(calls).toEqual(['update', 'sessions', 'delete']);
  });
});
