import type { Metadata } from 'next';
import Link from 'next/link';
import DemoIntro from '../../../../components/DemoIntro';

export const metadata: Metadata = {
  title: 'Tall page',
};

const SECTIONS = [
  'Scroll down',
  'Keep going',
  'Halfway there',
  'Almost at the end',
  'The link at the bottom',
];

export default function TallPage() {
  return (
    <>
      <DemoIntro page="/demos/tall" title="Tall page">
        <p>
          Scroll down, follow the link at the bottom, then use the browser’s Back button: this page
          comes back at the same scroll position, without a reload. Forward returns to the other
          page.
        </p>
      </DemoIntro>
      <div>
        {SECTIONS.map((heading, index) => (
          <section key={heading} id={`section-${index + 1}`} className="tall-section" aria-labelledby={`tall-${index + 1}`}>
            <h2 id={`tall-${index + 1}`}>
              {index + 1}. {heading}
            </h2>
            <p>
              Section {index + 1} of {SECTIONS.length}. Each section is at least 640 pixels high so the
              page is well over 3000 pixels tall.
            </p>
            {index === SECTIONS.length - 1 ? (
              <p>
                <Link href="/demos/plain">Go to the plain page</Link>, then come back.
              </p>
            ) : null}
          </section>
        ))}
      </div>
    </>
  );
}
