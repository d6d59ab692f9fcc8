import { Link, useLocation } from 'react-router-dom';
import { Page, Card } from '../../ui/page.tsx';
import { linkList, lede, prose } from '../../ui/prose.ts';
import { RELEASE_NOTES, releaseNoteFor } from './release-notes.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** One release-update page; which one comes from the path. */
export function ReleaseUpdatePage() {
  const { pathname } = useLocation();
  const note = releaseNoteFor(pathname) ?? RELEASE_NOTES[RELEASE_NOTES.length - 1]!;
  return (
    <Page title={note.title}>
      <p className={lede}>
        Released <time dateTime={note.date}>{dateFormat.format(new Date(note.date))}</time>
      </p>
      <Card className={prose}>
        <p>{note.summary}</p>
        {note.sections.map((s) => (
          <section key={s.heading}>
            <h2>{s.heading}</h2>
            <ul>
              {s.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </Card>
      <Card as="div">
        <nav aria-label="Release updates">
          <h2>All release updates</h2>
          <ul className={linkList}>
            {RELEASE_NOTES.map((r) => (
              <li key={r.path}>
                <Link to={r.path} aria-current={r.path === note.path ? 'page' : undefined}>
                  {r.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Card>
    </Page>
  );
}

export default ReleaseUpdatePage;
