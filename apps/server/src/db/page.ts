export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const offsetOf = ({ page, pageSize }: PageRequest) => (page - 1) * pageSize;

export function pageOf<T>(items: T[], total: number | bigint | string, request: PageRequest): Page<T> {
  return { items, total: Number(total), page: request.page, pageSize: request.pageSize };
}
