import { hasSession } from '../../../api/session';
import '../../../styles/account.css';
import { AccountMenu } from './account-menu';
import { ProfileCard } from './profile-card';
import { SignInPrompt } from './sign-in-prompt';

export default function MinePage() {
  return (
    <div className="app-mine">
      {hasSession() ? <ProfileCard /> : <SignInPrompt />}
      <AccountMenu />
    </div>
  );
}
