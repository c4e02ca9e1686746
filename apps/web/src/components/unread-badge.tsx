import '../styles/badge.css';

/** More than this shows as "99+", so the badge keeps its size. */
const BADGE_MAX = 99;

export function badgeText(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

/** How many unread things wait behind a menu entry; nothing when none. */
export function UnreadCount({ count, label, testId }: { count: number | undefined; label: string; testId?: string }) {
  if (!count || count <= 0) return null;
  return (
    <span className="app-badge" aria-label={label} role="status" data-testid={testId}>
      <bdi dir="ltr">{badgeText(count)}</bdi>
    </span>
  );
}

/** Something new to see, without a number. */
export function UnreadDot({ label, testId }: { label: string; testId?: string }) {
  return <span className="app-dot" role="img" aria-label={label} data-testid={testId} />;
}
