import type { Metadata } from 'next';
import Link from 'next/link';
import { ArrowRight, FileCheck2, Server } from 'lucide';
import Icon from '../../components/Icon';
import { BEHAVIOURS } from '../../content/behaviours';
import { IS_STATIC, site } from '../../content/site';
import DemoLink, { ServerBadge } from '../../components/DemoLink';

export const metadata: Metadata = {
  title: 'Spec reference site',
};

export default function HomePage() {
  const liveHere = BEHAVIOURS.filter((rule) => rule.targets.some((t) => t.mode === 'both')).length;
  return (
    <>
      <section className="hero hero-grid" aria-labelledby="home-title">
        <div>
          <span className="eyebrow">Reference implementation</span>
          <h1 id="home-title">{site.name}</h1>
          <p className="lead">
            This site is the reference implementation of a short specification of a web site’s
            page-delivery layer: how pages, their data and their errors reach the browser. A
            conformance suite runs against it in two delivery modes, a static export and a Node.js
            server, and every behaviour the specification shows can be tried below.
          </p>
          <div className="button-row">
            <a className="button" href="/conformance-report.html">
              <Icon icon={FileCheck2} size={18} />
              Read the conformance report
            </a>
            <Link className="button button--ghost" href="/about">
              About this site
              <Icon icon={ArrowRight} size={18} />
            </Link>
          </div>
        </div>
        <aside className="card facts" aria-labelledby="facts-title">
          <h2 id="facts-title" className="facts__title">
            <Icon icon={Server} size={20} />
            This copy
          </h2>
          <dl className="facts__list">
            <div>
              <dt>Delivery mode</dt>
              <dd>{IS_STATIC ? 'Static export' : 'Node.js server'}</dd>
            </div>
            <div>
              <dt>Rules shown</dt>
              <dd>{BEHAVIOURS.length}</dd>
            </div>
            <div>
              <dt>Live here</dt>
              <dd>{IS_STATIC ? `${liveHere} of ${BEHAVIOURS.length}` : `all ${BEHAVIOURS.length}`}</dd>
            </div>
          </dl>
          <p className="facts__note">
            {IS_STATIC
              ? 'Demos marked “server mode only” need the server build of this site.'
              : 'Every demo, including those marked “server mode only”, is live in this build.'}
          </p>
        </aside>
      </section>

      <section className="section" id="behaviours" aria-labelledby="behaviours-title">
        <h2 id="behaviours-title">Behaviour gallery</h2>
        <p className="prose">
          Each visible rule of the specification, with its clause ID and a page where it can be
          seen live. Some rules need a server and show only in the server build.
        </p>
        <ul className="gallery">
          {BEHAVIOURS.map((rule) => {
            const allServer = rule.targets.every((t) => t.mode === 'server');
            return (
            <li key={rule.id} className="gallery__item">
              <div className="gallery__head">
                <span className="rule-id">{rule.id}</span>
                <h3 className="gallery__title">{rule.title}</h3>
                {allServer ? <ServerBadge /> : null}
              </div>
              <p className="gallery__desc">{rule.description}</p>
              <ul className="gallery__links">
                {rule.targets.map((target) => (
                  <li key={target.href}>
                    <DemoLink href={target.href} badge={!allServer && target.mode === 'server'}>
                      {target.label}
                    </DemoLink>
                  </li>
                ))}
              </ul>
            </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
