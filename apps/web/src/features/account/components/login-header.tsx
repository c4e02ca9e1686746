import { useQuery } from '@tanstack/react-query';
import { serverInfoQuery } from '../../../api/public-info';

/** The display name and a line of welcome above the sign-in form. */
export function LoginHeader({ greeting, hint }: { greeting: string; hint: string }) {
  const { data } = useQuery(serverInfoQuery);
  return (
    <header className="app-account-header">
      <svg className="app-account-logo" viewBox="0 0 48 48" aria-hidden="true">
        <rect width="48" height="48" rx="14" fill="#fff" fillOpacity="0.18" />
        <path d="M12 17a5 5 0 0 1 5-5h17a2 2 0 0 1 2 2v3H17" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
        <rect x="12" y="17" width="25" height="19" rx="4" fill="none" stroke="#fff" strokeWidth="3" />
        <circle cx="30" cy="26.5" r="2.5" fill="#fff" />
      </svg>
      {data?.displayName && (
        <p className="app-account-brand" dir="auto">
          {data.displayName}
        </p>
      )}
      <h2 className="app-account-greeting">{greeting}</h2>
      <p className="app-account-hint">{hint}</p>
    </header>
  );
}
