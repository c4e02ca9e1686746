import type { OperatorRole, RecordStatus, WITHDRAWAL_STATUSES } from '@wallet/contract';
import type { ColumnType, Generated } from 'kysely';

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
  /** The operator who created this one; null for the first-start operator. */
  created_by: string | null;
  role: OperatorRole;
  disabled: number;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_last_step: number | null;
}

export interface InviteCodesTable {
  code: string;
  owner_kind: 'operator' | 'user';
  owner_id: string;
  created_at: number;
  /** 0 or 1: booleans are integers on both databases. */
  disabled: number;
}

export interface UsersTable {
  id: string;
  username: string;
  username_key: string;
  password_hash: string;
  pay_password_hash: string;
  invite_code: string;
  /** The code this user registered with; its owner invited them. */
  invited_by_code: string;
  inviter_user_id: string | null;
  avatar: string | null;
  lang: string;
  contact: string | null;
  contact_kind: 'email' | 'mobile' | null;
  /** `contactKey(contact)`: unique, so one e-mail or mobile belongs to at most one account. */
  contact_key: ColumnType<string | null, string | null | undefined, string | null>;
  frozen: number;
  pay_failures: number;
  pay_locked_until: number;
  /** Withdrawals under review; guarded below the pending limit in the UPDATE that counts a new one. */
  pending_withdrawals: Generated<number>;
  /** Recharges under review on random-decimal channels (each holds an extra tenth); guarded like pending_withdrawals. */
  pending_random_recharges: Generated<number>;
  /** Payment-password checks under way, each holding one of the attempts left; stale after a minute. */
  pay_checking: Generated<number>;
  pay_check_started_at: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** Sessions keep only the SHA-256 of their token. */
export interface SessionsTable {
  token_hash: string;
  owner_id: string;
  created_at: number;
  expires_at: number;
}

export interface CaptchasTable {
  id: string;
  answer: string;
  /** Wrong answers given to checkCode; the captcha dies after a few. */
  attempts: number;
  expires_at: number;
}

export interface VerificationCodesTable {
  id: string;
  purpose: 'register' | 'reset' | 'bind';
  target_key: string;
  code_hash: string;
  attempts: number;
  used: number;
  created_at: number;
  expires_at: number;
}

export interface RateLimitsTable {
  key: string;
  window_started_at: number;
  hits: number;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  last_failed_at: number;
  locked_until: number;
}

export interface UploadsTable {
  id: string;
  user_id: string;
  url: string;
  content_type: string;
  size: number;
  created_at: number;
  /** Public: anyone may read it; private: only through a signed link. */
  visibility: Generated<'private' | 'public'>;
}

/** The uploaded files' bytes, by file name, when no object store is configured. */
export interface UploadFilesTable {
  name: string;
  bytes: Buffer;
}

export interface OutboxTable {
  id: string;
  channel: 'email' | 'sms';
  target: string;
  subject: string;
  body: string;
  created_at: number;
}

export interface AuditLogTable {
  id: string;
  operator_id: string;
  action: string;
  target: string;
  before_json: string;
  after_json: string;
  created_at: number;
}

export interface LedgerAccountsTable {
  /** `<userId>:available|frozen|coin`, or `system:<kind>` and its shards `system:<kind>:<n>`. */
  id: string;
  user_id: string | null;
  kind: string;
  /** Cents; credit points for coin accounts. */
  balance: number;
  created_at: number;
}

export interface LedgerTransfersTable {
  id: string;
  kind: string;
  user_id: string | null;
  /** The order number (or adjustment id) the transfer belongs to. */
  reference: string;
  memo: string;
  operator_id: string | null;
  created_at: number;
}

export interface LedgerEntriesTable {
  id: Generated<number>;
  transfer_id: string;
  account_id: string;
  /** Signed: negative left the account. */
  amount: number;
  balance_after: number;
  created_at: number;
}

/** Per user account and transfer kind, the sum of its entries: a trigger on `ledger_entries` adds each one. */
export interface LedgerTotalsTable {
  account_id: string;
  kind: string;
  total: number;
}

export interface IdempotencyKeysTable {
  /** The user (or operator) whose request it is. */
  owner_id: string;
  request_id: string;
  fields_hash: string;
  /** Who is doing the work now; a stale claim can be taken over, and only the holder can finish. */
  claim_token: string;
  claimed_at: number;
  /** The finished answer; null while the work runs. */
  response_json: string | null;
  created_at: number;
}

export interface RechargesTable {
  order_no: string;
  user_id: string;
  channel_id: string;
  channel_name: string;
  channel_kind: string;
  /** JSON of the channel's details when the recharge was made. */
  channel_details: string;
  random_decimal: number;
  amount: number;
  pay_amount: number;
  match_key: string | null;
  voucher: string | null;
  status: RecordStatus;
  remark: string;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

export interface WithdrawalsTable {
  order_no: string;
  user_id: string;
  name: string;
  bank_name: string;
  card_no: string;
  card_no_masked: string;
  address: string;
  amount: number;
  fee: number;
  status: (typeof WITHDRAWAL_STATUSES)[number];
  remark: string;
  created_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

export interface ProjectsTable {
  id: string;
  name: string;
  period_seconds: number;
  lock_seconds: number;
  unit_amount: number;
  min_quantity: number;
  max_quantity: number;
  /** JSON: option code → odds in hundredths. */
  odds: string;
  exposure_limit: number | null;
  enabled: number;
  sort: number;
  cover: string;
  /** JSON: language → the name players of that language read; null: the operator's `name` for everyone. */
  names: string | null;
  /** A timing change waits for the next local midnight: from `next_timing_from` on, these apply. */
  next_period_seconds: number | null;
  next_lock_seconds: number | null;
  next_timing_from: number | null;
  created_at: number;
  updated_at: number;
}

/** Per open period and option: how many orders, their amount, and what they would pay together if the option won. */
export interface PeriodExposureTable {
  project_id: string;
  period_no: string;
  option_code: string;
  orders: number;
  amount: number;
  possible_payout: number;
}

export interface PeriodsTable {
  project_id: string;
  period_no: string;
  opens_at: number;
  locks_at: number;
  draws_at: number;
  server_seed: string;
  seed_hash: string;
  /** "a,b,c" once drawn. */
  dice: string | null;
  /** When drawn, or void (then `void_reason` is set and `dice` stays null). */
  drawn_at: number | null;
  created_at: number;
  /** Set once by the lock, with the root of the orders it fixed. */
  locked_at: number | null;
  orders_root: string | null;
  order_count: number | null;
  ordered_amount: number | null;
  beacon_round: number | null;
  beacon_randomness: string | null;
  beacon_signature: string | null;
  void_reason: string | null;
}

export interface OrdersTable {
  order_no: string;
  user_id: string;
  project_id: string;
  period_no: string;
  option_code: string;
  quantity: number;
  amount: number;
  /** Hundredths, as ordered. */
  odds: number;
  payout: number | null;
  settled_at: number | null;
  created_at: number;
}

/** A chase: the same selections ordered in consecutive periods, paid from a reserve taken at once. */
export interface ChasesTable {
  chase_no: string;
  user_id: string;
  project_id: string;
  /** JSON: [{ option, quantity }]. */
  selections: string;
  unit_amount: number;
  amount_per_period: number;
  stop_on_win: number;
  created_at: number;
}

export interface ChasePeriodsTable {
  chase_no: string;
  seq: number;
  project_id: string;
  period_no: string;
  expected_opens_at: number;
  expected_locks_at: number;
  amount: number;
  state: 'waiting' | 'placed' | 'won' | 'lost' | 'skipped' | 'cancelled';
  reason: string | null;
  payout: number | null;
  placed_at: number | null;
  ended_at: number | null;
}

/** The orders a chased period placed. */
export interface ChaseOrdersTable {
  order_no: string;
  chase_no: string;
  seq: number;
}

export interface ContentItemsTable {
  id: string;
  kind: 'notice' | 'activity' | 'banner' | 'about' | 'agreement';
  title: string;
  content: string;
  cover: string | null;
  link: string | null;
  publish_at: number;
  expires_at: number | null;
  pinned: number;
  ticker: number;
  sort: number;
  /** JSON text: language → { title, content }. */
  translations: string;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface ContentReadsTable {
  user_id: string;
  content_id: string;
  read_at: number;
}

export interface FeedbackTable {
  id: string;
  user_id: string;
  request_id: string | null;
  email: string;
  content: string;
  /** JSON text: upload URLs. */
  images: string;
  created_at: number;
  reply: string | null;
  replied_at: number | null;
  replied_by: string | null;
  reply_seen: number;
}

export interface AdjustmentsTable {
  id: string;
  user_id: string;
  account: 'available' | 'coin';
  /** Cents, or points for credit points; signed. */
  amount: number;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  proposed_by: string;
  proposed_at: number;
  decided_by: string | null;
  decided_at: number | null;
  remark: string;
  transfer_id: string | null;
}

/** A raise of adjustApprovalThreshold waiting for a second admin. */
export interface ThresholdRaisesTable {
  id: string;
  /** Cents. */
  amount: number;
  status: 'pending' | 'approved' | 'rejected';
  proposed_by: string;
  proposed_at: number;
  decided_by: string | null;
  decided_at: number | null;
  remark: string;
}

export interface LiveEventsTable {
  id: number;
  type: 'period' | 'settled' | 'balance' | 'notice';
  user_id: string | null;
  /** JSON text: the event as the stream sends it. */
  data: string;
  once_key: string | null;
  created_at: number;
}

export interface LiveEventSequenceTable {
  id: number;
  last_id: number;
  pruned_through: number;
}

export interface EventTicketsTable {
  ticket_hash: string;
  user_id: string;
  session_hash: string;
  expires_at: number;
  used_at: number | null;
}

export interface UserMessagesTable {
  id: Generated<number>;
  user_id: string;
  kind: string;
  /** JSON text: the parameters its kind's texts are filled with. */
  params: string;
  ref: string | null;
  created_at: number;
  read_at: number | null;
}

/** One row per user who used money or protection since 0017; every recharge, order and chase locks it first. */
export interface PlayerProtectionTable {
  user_id: string;
  reality_check_minutes: number;
  timeout_until: number | null;
  self_excluded_until: number | null;
}

export interface PlayerLimitsTable {
  user_id: string;
  kind: 'deposit' | 'loss';
  period: 'day' | 'week' | 'month';
  amount: number | null;
  pending_amount: number | null;
  pending_at: number | null;
}

export interface ProtectionChangesTable {
  id: Generated<number>;
  user_id: string;
  action: string;
  before_json: string;
  after_json: string;
  created_at: number;
}

export interface Database {
  settings: SettingsTable;
  request_nonces: RequestNoncesTable;
  operators: OperatorsTable;
  invite_codes: InviteCodesTable;
  users: UsersTable;
  user_sessions: SessionsTable;
  operator_sessions: SessionsTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  rate_limits: RateLimitsTable;
  login_failures: LoginFailuresTable;
  uploads: UploadsTable;
  upload_files: UploadFilesTable;
  outbox: OutboxTable;
  audit_log: AuditLogTable;
  adjustments: AdjustmentsTable;
  threshold_raises: ThresholdRaisesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
  ledger_totals: LedgerTotalsTable;
  idempotency_keys: IdempotencyKeysTable;
  recharges: RechargesTable;
  withdrawals: WithdrawalsTable;
  projects: ProjectsTable;
  periods: PeriodsTable;
  orders: OrdersTable;
  period_exposure: PeriodExposureTable;
  chases: ChasesTable;
  chase_periods: ChasePeriodsTable;
  chase_orders: ChaseOrdersTable;
  content_items: ContentItemsTable;
  content_reads: ContentReadsTable;
  feedback: FeedbackTable;
  live_events: LiveEventsTable;
  live_event_sequence: LiveEventSequenceTable;
  event_tickets: EventTicketsTable;
  user_messages: UserMessagesTable;
  player_protection: PlayerProtectionTable;
  player_limits: PlayerLimitsTable;
  protection_changes: ProtectionChangesTable;
}
