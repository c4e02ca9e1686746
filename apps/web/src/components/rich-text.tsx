import '../styles/rich-text.css';

/**
 * Operators' HTML as the server sends it: the server sanitises it (an
 * allow-list of formatting, safe links and images), so it is shown as it is.
 */
export function RichText({ html, testId }: { html: string; testId?: string }) {
  return <article className="app-rich-text" dir="auto" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
