import { describe, expect, it } from 'vitest';
import { Permission } from '../../../../contract/permissions.ts';
import { mayManageUsers, profileReadOnlyReason } from './user-rights.ts';

const owner = { id: 1, name: 'Olive', permission: Permission.OWNER };
const ada = { id: 2, name: 'Ada', permission: Permission.FULL };
const grace = { id: 3, name: 'Grace', permission: Permission.FULL };

describe('mayManageUsers', () => {
  it('lets only the owner manage users', () => {
    expect(mayManageUsers(owner)).toBe(true);
    expect(mayManageUsers(ada)).toBe(false);
    expect(mayManageUsers(undefined)).toBe(false);
  });
});

describe('profileReadOnlyReason', () => {
  it('has no reason on one’s own profile, nor for the owner on anyone’s', () => {
    expect(profileReadOnlyReason(ada, ada)).toBeNull();
    expect(profileReadOnlyReason(owner, owner)).toBeNull();
    expect(profileReadOnlyReason(ada, owner)).toBeNull();
  });

  it('tells someone else that only the owner changes the owner’s account', () => {
    expect(profileReadOnlyReason(owner, ada)).toBe(
      "Only the owner can change the owner's account.",
    );
  });

  it('tells someone else who may change another user’s account', () => {
    expect(profileReadOnlyReason(grace, ada)).toBe(
      'Only Grace and the owner can change this account.',
    );
  });
});
