import { Link, useLocation } from 'react-router-dom';
import { Page, Card } from '../../ui/page.tsx';
import { linkList, lede, prose } from '../../ui/prose.ts';
import { useGoldOnly } from '../../state/use-gold-only.ts';
import { RELEASE_NOTES, releaseNoteFor } from './release-notes.ts';
import { lazyDateTimeFormat } from '../../contract/lazy-date-format.ts';

/** Gold-only mode leaves out the release items about Sweeps (features this product does not have). */
const MENTIONS_SWEEPS = /sweep/i;

const dateFormat = lazyDateTimeFormat({
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** One release-update page; which one comes from the path. */
export function ReleaseUpdatePage() {
  const { pathname } = useLocation();
  const note = releaseNoteFor(pathname) ?? RELEASE_NOTES[RELEASE_NOTES.length - 1]!;
  const goldOnly = useGoldOnly();
  const shown = (text: string) => !goldOnly || !MENTIONS_SWEEPS.test(text);
  return (
    <Page title={note.title}>
      <p className={lede}>
        Released <time dateTime={note.date}>{dateFormat().format(new Date(note.date))}</time>
      </p>
      <Card className={prose}>
        {shown(note.summary) ? <p>{note.summary}</p> : null}
        {note.sections.map((s) => (
          <section key={s.heading}>
            <h2>{s.heading}</h2>
            <ul>
              {s.items.filter(shown).map((item) => (
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
