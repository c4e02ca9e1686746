import type { Kysely, Selectable } from 'kysely';
import type { UserProfile } from '@wallet/contract';
import type { Database, UsersTable } from '../../db/schema.js';
import { maskedContactOf } from './mask-contact.js';

export type UserRow = Selectable<UsersTable>;

/** Usernames are unique without regard to case. */
export const usernameKey = (username: string) => username.trim().toLowerCase();

export function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username_key', '=', usernameKey(username)).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function profileOf(user: UserRow): UserProfile {
  return {
    username: user.username,
    avatar: user.avatar,
    inviteCode: user.invite_code,
    lang: user.lang,
    contact: maskedContactOf(user),
    createdAt: user.created_at,
  };
}
