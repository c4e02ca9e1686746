import { Flex, Spin } from 'antd';

/** Shown while the first screen's code arrives. */
export function ScreenLoading() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" />
    </Flex>
  );
}
