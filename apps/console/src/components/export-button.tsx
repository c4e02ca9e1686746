import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_ROLES, exportPath, type ExportKind } from '@wallet/contract/core';
import { App, Button, DatePicker, Flex, Popover } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorDownload } from '../api/client';
import { isApiError } from '../api/api-error';
import { useSession } from '../api/session';

const DAY = 'YYYY-MM-DD';

/** The export's address: the chosen days, then the list's own filters. */
export function exportUrl(kind: ExportKind, from: string, to: string, filters: Record<string, string | undefined>): string {
  const query = new URLSearchParams({ from, to });
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') query.set(key, value);
  return `${exportPath(kind)}?${query.toString()}`;
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The browser reads the file after this click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads a list as CSV for chosen days, with the list's filters; shown only to roles that may export it. */
export function ExportButton({ kind, filters = {} }: { kind: ExportKind; filters?: Record<string, string | undefined> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const session = useSession();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day'), dayjs()]);
  const [busy, setBusy] = useState(false);
  if (!session || !(EXPORT_ROLES[kind] as readonly string[]).includes(session.role)) return null;

  async function download() {
    const [from, to] = range.map((day) => day.format(DAY)) as [string, string];
    setBusy(true);
    try {
      save(await operatorDownload(exportUrl(kind, from, to, filters)), `${kind}-${from}-${to}.csv`);
    } catch (error) {
      message.error(isApiError(error) ? error.mess : t('errors.unexpected'));
    } finally {
      setBusy(false);
    }
  }

  const chooser = (
    <Flex vertical gap={8}>
      <DatePicker.RangePicker value={range} allowClear={false} onChange={(days) => days?.[0] && days[1] && setRange([days[0], days[1]])} />
      <Button type="primary" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
        {t('export.download')}
      </Button>
    </Flex>
  );
  return (
    <Popover content={chooser} title={t('export.title')} trigger="click" placement="bottomRight">
      <Button icon={<DownloadOutlined />}>{t('export.button')}</Button>
    </Popover>
  );
}
