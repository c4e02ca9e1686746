/** Table types as Kysely sees them. Times are milliseconds since the epoch, money is integer cents. */

export interface SettingsTable {
  key: string;
  /** JSON text, checked against the contract's setting schema when read and written. */
  value: string;
  updated_at: number;
}

export interface RequestNoncesTable {
  ranstr: string;
  seen_at: number;
}

export interface OperatorsTable {
  id: string;
  username: string;
  /** Lower-cased username: uniqueness ignores case. */
  username_key: string;
  password_hash: string;
  created_at: number;
}

export interface InviteCodesTable {
  code: string;
  owner_kind: 'operator' | 'user';
  owner_id: string;
  created_at: number;
  /** 0 or 1: booleans are integers on both databases. */
  disabled: number;
}

export interface Database {
  settings: SettingsTable;
  request_nonces: RequestNoncesTable;
  operators: OperatorsTable;
  invite_codes: InviteCodesTable;
}
