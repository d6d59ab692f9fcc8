-- The robot check's spent nonces serve sign-up as well as the mail-in postal request code
-- (server/core/robot-check.ts), so the table leaves the AMOE area's names.
ALTER TABLE amoe_captcha_uses RENAME TO robot_check_uses;
ALTER INDEX amoe_captcha_uses_expiry RENAME TO robot_check_uses_expiry;
ALTER INDEX amoe_captcha_uses_pkey RENAME TO robot_check_uses_pkey;
