import { DownloadOutlined } from '@ant-design/icons';
import { EXPORT_ROLES, exportPath, type ExportKind } from '@wallet/contract/core';
import { App, Button, DatePicker, Flex, Popover } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operatorDownload } from '../api/client';
import { isApiError } from '../api/api-error';
import { useSession } from '../api/session';
import { useServerToday } from './server-today';

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

/** The days a list shows, when it has chosen some: the export starts from them. */
export interface ListDays {
  from?: string;
  to?: string;
}

/**
 * The list's days when it has them (a missing end is today, a missing start
 * 29 days before the end); the last 30 days otherwise. Today is the server's,
 * in its time zone, as the export counts days: not the browser's date.
 */
function firstRange({ from, to }: ListDays, today: string): [Dayjs, Dayjs] {
  const end = dayjs(to ?? today);
  return [from ? dayjs(from) : end.subtract(29, 'day'), end];
}

/**
 * Downloads a list as CSV for chosen days, with the list's filters; shown
 * only to roles that may export it (EXPORT_ROLES). A list with days of its
 * own passes them as `days`: the export starts from them and follows them.
 */
export function ExportButton({ kind, filters = {}, days = {} }: { kind: ExportKind; filters?: Record<string, string | undefined>; days?: ListDays }) {
  const session = useSession();
  if (!session || !(EXPORT_ROLES[kind] as readonly string[]).includes(session.role)) return null;
  // New days on the list start the chooser again from them.
  return <ExportChooser key={`${days.from ?? ''}/${days.to ?? ''}`} kind={kind} filters={filters} days={days} />;
}

function ExportChooser({ kind, filters, days }: { kind: ExportKind; filters: Record<string, string | undefined>; days: ListDays }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // Undefined until the server has said its time zone: there is no today to start from before.
  const today = useServerToday();
  const [picked, setPicked] = useState<[Dayjs, Dayjs] | null>(null);
  const range = picked ?? (today ? firstRange(days, today) : null);
  const [busy, setBusy] = useState(false);

  async function download() {
    if (!range) return;
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
      <DatePicker.RangePicker
        value={range}
        allowClear={false}
        disabled={!range}
        disabledDate={(day) => today !== undefined && day.isAfter(today, 'day')}
        onChange={(chosen) => chosen?.[0] && chosen[1] && setPicked([chosen[0], chosen[1]])}
      />
      <Button type="primary" icon={<DownloadOutlined />} loading={busy} disabled={!range} onClick={() => void download()}>
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
