import dayjs from 'dayjs';

const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export const formatDateTime = (epochMs: number) => dayjs(epochMs).format(DATE_TIME_FORMAT);

/** A moment in the operator's own time zone. */
export function DateTime({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <>–</>;
  return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>;
}
