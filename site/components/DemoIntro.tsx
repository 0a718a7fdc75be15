import Link from 'next/link';
import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide';
import Icon from './Icon';
import { clausesOn } from '../content/behaviours';

/** Heading block shared by the demo pages: back link, the rule IDs shown, h1 and a lead. */
export default function DemoIntro({
  page,
  title,
  children,
}: {
  /**
   * The page's route as its file names it (`/demos/links/[n]`): the rules it shows are the gallery's
   * (content/behaviours.ts), so a clause shown on a page is declared there once.
   */
  page: string;
  title: ReactNode;
  children?: ReactNode;
}) {
  const rules = clausesOn(page);
  return (
    <div className="demo-intro">
      <p className="breadcrumb">
        <Link href="/#behaviours">
          <Icon icon={ArrowLeft} size={16} />
          All behaviours
        </Link>
      </p>
      <ul className="demo-intro__rules" aria-label="Rules shown on this page">
        {rules.map((id) => (
          <li key={id}>
            <span className="badge">
              <span className="rule-id">{id}</span>
            </span>
          </li>
        ))}
      </ul>
      <h1>{title}</h1>
      {children ? <div className="lead">{children}</div> : null}
    </div>
  );
}
