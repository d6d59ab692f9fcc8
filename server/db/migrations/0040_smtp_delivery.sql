-- Mail through an SMTP relay (SMTP_URL, docs/operations.md "Outgoing mail"): the outbox row a
-- mail becomes is also its place in the delivery queue. Rows written while no relay is set (and
-- the SMS outbox's rows) keep smtp_state NULL and are never sent by SMTP later.
--   smtp_state: 'pending' until the relay accepted it ('sent') or it was given up ('failed').
--   smtp_attempts: tries so far; smtp_next_at: not tried again before; smtp_claimed_until: a
--   sender holds the row until then, so two senders never send the same row at once.
ALTER TABLE outbox
  ADD COLUMN smtp_state text CHECK (smtp_state IN ('pending', 'sent', 'failed')),
  ADD COLUMN smtp_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN smtp_next_at timestamptz,
  ADD COLUMN smtp_claimed_until timestamptz,
  ADD COLUMN smtp_sent_at timestamptz,
  ADD COLUMN smtp_error text,
  ADD COLUMN message_id text,
  ADD COLUMN unsubscribe_page text,
  ADD COLUMN unsubscribe_one_click text;

CREATE INDEX outbox_smtp_pending_idx ON outbox (smtp_next_at, id) WHERE smtp_state = 'pending';
