import { LogoutOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Layout, Menu, Tag, Typography, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useMe } from '../api/me';
import { useSession } from '../api/session';
import { LanguageSwitch } from '../components/language-switch';
import { useSignOut } from '../features/auth';
import { PATHS } from '../navigation/paths';
import { menuOf, useMaySeeScreen } from './screens';

/** The menu entry of the page shown: a user's detail belongs to users. */
const selectedKey = (pathname: string) => `/${pathname.split('/')[1] ?? ''}`;

export function ConsoleLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const { me } = useMe();
  const maySee = useMaySeeScreen();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signOut = useSignOut();
  const mustSetUpTotp = Boolean(me?.totpRequired && !me.totpEnabled);

  const items: MenuProps['items'] = menuOf((screen) => maySee(screen) && (!mustSetUpTotp || screen.key === 'account')).map(({ group, screens }) => ({
    type: 'group' as const,
    key: group,
    label: t(`menu.groups.${group}`),
    children: screens.map(({ key, path, icon }) => ({ key: path, icon, label: t(`menu.${key}`) })),
  }));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="light" style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
        <Typography.Title level={4} style={{ padding: '16px 24px', margin: 0 }}>
          {t('app.name')}
        </Typography.Title>
        <Menu mode="inline" items={items} selectedKeys={[selectedKey(pathname)]} onClick={({ key }) => void navigate(key)} style={{ borderInlineEnd: 0 }} />
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: '#fff', paddingInline: 24, borderBottom: '1px solid #f0f0f0' }}>
          <Flex justify="flex-end" align="center" gap={16} style={{ height: '100%' }}>
            <LanguageSwitch />
            <span data-testid="operator-name">
              {session?.username} <Tag color="blue">{session ? t(`roles.${session.role}`) : ''}</Tag>
            </span>
            <Button icon={<LogoutOutlined />} onClick={() => void signOut().then(() => navigate(PATHS.signIn, { replace: true }))}>
              {t('actions.signOut')}
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          {mustSetUpTotp ? <Alert type="warning" showIcon title={t('account.totpRequiredNotice')} style={{ marginBottom: 16 }} /> : null}
          {mustSetUpTotp && pathname !== PATHS.account ? <Navigate to={PATHS.account} replace /> : <Outlet />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
