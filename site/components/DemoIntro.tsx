import Link from 'next/link';
import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide';
import Icon from './Icon';
import type { NormativeClauseId } from '../content/clause-ids';

/** Heading block shared by the demo pages: back link, the rule IDs shown, h1 and a lead. */
export default function DemoIntro({
  rules,
  title,
  children,
}: {
  /** The clauses the page shows (typed: an ID the registry does not hold does not compile). */
  rules: NormativeClauseId[];
  title: ReactNode;
  children?: ReactNode;
}) {
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
