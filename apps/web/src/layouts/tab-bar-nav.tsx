import TabBar from 'antd-mobile/es/components/tab-bar';
import AppOutline from 'antd-mobile-icons/es/AppOutline';
import GiftOutline from 'antd-mobile-icons/es/GiftOutline';
import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TABS, type TabKey } from '../navigation/paths';

const ICONS: Record<TabKey, React.ReactNode> = {
  home: <AppOutline />,
  project: <UnorderedListOutline />,
  activity: <GiftOutline />,
  mine: <UserOutline />,
};

/** Tab switch replaces the entry, as switching tabs in a native app does not stack pages. */
export function TabBarNav({ active }: { active: TabKey }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <nav className="app-tab-bar">
      <TabBar safeArea activeKey={active} onChange={(key) => navigate(TABS.find((tab) => tab.key === key)!.path, { replace: true })}>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.key} icon={ICONS[tab.key]} title={t(`tabs.${tab.key}`)} />
        ))}
      </TabBar>
    </nav>
  );
}
