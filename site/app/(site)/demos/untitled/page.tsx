import DemoIntro from '../../../../components/DemoIntro';

// No `metadata` export and the root layout sets no title: this page has no <title> at all,
// so the route announcer falls back to the first heading.
export default function UntitledPage() {
  return (
    <>
      <DemoIntro page="/demos/untitled" title="Untitled page heading">
        <p>
          This page has no title. After a navigation to it, the announcement for assistive
          technology reads this heading instead.
        </p>
      </DemoIntro>
      <p className="note">
        The browser tab shows the address, because there is no <code>&lt;title&gt;</code>
        element on this page.
      </p>
    </>
  );
}
