/**
 * /profile-pic: choose a JPEG, PNG or WebP picture (5 MB at most) and upload it (patch avatar,
 * multipart form data). The server judges the type from the bytes and re-encodes the picture to
 * a 256x256 WebP without its metadata; the header menu shows it.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { css } from '@linaria/core';
import { useSnapshot } from 'valtio';
import { AVATAR_ACCEPT, AVATAR_FIELD, AVATAR_SIZE_PX } from '../../contract/account.ts';
import { store } from '../../state/store.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { uploadAvatar } from './account-api.ts';
import { formFailure } from './account-form.ts';
import { avatarFileProblem } from './account-rules.ts';
import { muted } from './account-styles.ts';
import { BackToAccount } from './back-to-account.tsx';

const pictureRow = css`
  display: flex;
  align-items: center;
  gap: var(--space-4);
  margin-bottom: var(--space-4);
`;
const picture = css`
  width: 96px;
  height: 96px;
  flex: none;
  border-radius: 50%;
  object-fit: cover;
  background: var(--color-surface-2);
  border: 1px solid var(--color-border);
  display: grid;
  place-items: center;
  font-size: 2.2rem;
  font-weight: 700;
  color: var(--color-text-muted);
`;
const fileInput = css`
  display: block;
  width: 100%;
  margin-bottom: var(--space-3);
`;

export default function ProfilePicPage() {
  const { user } = useSnapshot(store.session);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const onChoose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    setSaved(false);
    setFile(chosen);
    setError(chosen ? avatarFileProblem(chosen) : null);
  };

  const onUpload = async () => {
    if (!file || pending || avatarFileProblem(file)) return;
    setPending(true);
    setError(null);
    try {
      await uploadAvatar(file);
      setSaved(true);
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    } catch (err) {
      setError(formFailure(err, [AVATAR_FIELD]).message);
    } finally {
      setPending(false);
    }
  };

  const initial = (user?.first_name ?? '?').slice(0, 1).toUpperCase();
  return (
    <Page title="Profile Picture" width="narrow">
      {saved ? (
        <Notice tone="success" testId="avatar-saved">
          Your new picture is saved.
        </Notice>
      ) : null}
      <Card>
        <div className={pictureRow}>
          {user?.profile_pic ? (
            <img
              className={picture}
              src={user.profile_pic}
              alt="Your profile picture"
              width={AVATAR_SIZE_PX}
              height={AVATAR_SIZE_PX}
              data-testid="profile-pic-current"
            />
          ) : (
            <span className={picture} aria-hidden="true">
              {initial}
            </span>
          )}
          <p className={muted}>
            JPEG, PNG or WebP, up to 5 MB. We crop it to a square and remove the photo&apos;s hidden details
            (such as its location).
          </p>
        </div>
        <label htmlFor="avatar-file">Choose a picture</label>
        <input
          ref={inputRef}
          id="avatar-file"
          name={AVATAR_FIELD}
          type="file"
          accept={AVATAR_ACCEPT}
          className={fileInput}
          onChange={onChoose}
          aria-describedby={error ? 'avatar-error' : undefined}
          data-testid="avatar-file"
        />
        <div id="avatar-error">
          <FormError message={error} />
        </div>
        <Button
          fullWidth
          loading={pending}
          disabled={!file || Boolean(error)}
          onClick={() => void onUpload()}
        >
          Upload picture
        </Button>
      </Card>
      <BackToAccount />
    </Page>
  );
}
