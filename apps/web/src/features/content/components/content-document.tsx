import type { ReactNode } from 'react';
import '../content.css';
import { RichText } from '../../../components/rich-text';

interface Props {
  title: string;
  /** Under the title: the date, the state. */
  meta?: ReactNode;
  cover?: string | null;
  /** Sanitised HTML from the server. */
  html: string;
}

/** A notice, an activity or the about page: cover, title, what it is about, and the operator's text. */
export function ContentDocument({ title, meta, cover, html }: Props) {
  return (
    <div className="app-document-page">
      <article className="app-document" data-testid="content-document">
        {cover && <img className="app-document-cover" src={cover} alt="" />}
        <div className="app-document-body">
          <h2 className="app-document-title" dir="auto" data-testid="document-title">
            {title}
          </h2>
          {meta && <div className="app-document-meta">{meta}</div>}
          <RichText html={html} testId="document-content" />
        </div>
      </article>
    </div>
  );
}
