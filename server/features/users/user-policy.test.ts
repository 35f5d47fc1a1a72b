import { describe, expect, it } from 'vitest';
import { userDeletionRefusal, userUpdateRefusal } from './user-policy.ts';

describe('userDeletionRefusal', () => {
  it('lets an owner delete another user', () => {
    expect(userDeletionRefusal(1, 2, [1])).toBeNull();
    expect(userDeletionRefusal(1, 2, [1, 2])).toBeNull();
  });

  it('refuses non-owners and oneself with 403', () => {
    expect(userDeletionRefusal(3, 2, [1])).toMatchObject({ statusCode: 403 });
    expect(userDeletionRefusal(1, 1, [1, 2])).toMatchObject({
      statusCode: 403,
      message: 'You cannot delete your own account.',
    });
  });

  it('never leaves no owner: the only owner cannot delete themself, a former owner nobody', () => {
    expect(userDeletionRefusal(1, 1, [1])).toMatchObject({ statusCode: 403 });
    expect(userDeletionRefusal(1, 2, [2])).toMatchObject({ statusCode: 403 });
  });
});

describe('userUpdateRefusal', () => {
  const user = { userId: 5, isOwner: false };
  const owner = { userId: 1, isOwner: true };

  it('lets users change everything of their own', () => {
    expect(
      userUpdateRefusal(user, 5, {
        name: 'a',
        theme: 'dark',
        password_old: 'x',
        password_new: 'y',
      }),
    ).toBeNull();
  });

  it('refuses users changing someone else', () => {
    expect(userUpdateRefusal(user, 6, { name: 'a' })).toMatchObject({ statusCode: 403 });
    expect(userUpdateRefusal(user, 6, {})).toMatchObject({ statusCode: 403 });
  });

  it("lets the owner change others' name and email, never their password or theme", () => {
    expect(
      userUpdateRefusal(owner, 5, { name: 'a', email: 'a@b.c', password_old: 'own password' }),
    ).toBeNull();
    expect(userUpdateRefusal(owner, 5, { theme: 'dark' })).toMatchObject({ statusCode: 403 });
    expect(userUpdateRefusal(owner, 5, { password_new: 'y' })).toMatchObject({ statusCode: 403 });
  });
});
